/**
 * What the server hands a plugin's own routes (engine/src/plugins/routes.ts): the engine's
 * services, the request's caller from its authentication, the action context of the one action
 * runner, the spreadsheet writer and the multipart spooler. The plugin sees these, never the
 * server's modules.
 */
import type { RouteServices } from '../../engine/src/plugins/routes.ts';
import type { Services } from './services.ts';
import { authOf } from './auth/request.ts';
import { actionContext } from './workflow-context.ts';
import { sendSpreadsheet } from './routes/spreadsheet.ts';
import { withUploads } from './routes/attachments.ts';

export function routeServices(s: Services): RouteServices {
  return {
    db: s.database.db,
    reg: s.reg,
    repo: s.repo,
    listTotalCap: s.config.listTotalCap,
    caller: (req) => {
      const a = authOf(req);
      return { ability: a.ability, user: a.ref, company: { compcode: a.company.compcode, currency: a.company.matauang } };
    },
    actionContext: (req, tx) => ({ ...actionContext(s, authOf(req)), ...(tx ? { db: tx } : {}) }),
    sendSpreadsheet,
    withUploads,
  };
}
