/**
 * Verify of a signed record (engine/src/records/seal-verify.ts, decision 0305): its seals and its sealed
 * lines' (a work order's cards) recomputed from the rows as they are now; intact, or the fields
 * that no longer match. Whoever cannot read the record gets 404, as for the record itself; an
 * entity that declares no seals is 404 too.
 *
 *   GET /api/data/:entity/:key/verify   RecordVerification
 *
 * The preview of a signature (engine/src/crud/preview-action.ts, decision 0316): what a signature
 * action will record on the record `key`, read now, nothing written; the signature dialog shows it
 * before the password and code are asked. 404 for an action that is not a signature.
 *
 *   GET /api/data/:entity/action/:name/preview?key=71   ActionPreview
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import { verifyForReader } from '../../../engine/src/records/seal-verify.ts';
import { previewAction } from '../../../engine/src/crud/preview-action.ts';
import { actionContext } from '../workflow-context.ts';
import type { Services } from '../services.ts';
import { appError } from '../../../engine/src/errors.ts';
import { authOf } from '../auth/request.ts';

type Req = FastifyRequest<{ Params: { entity: string; key: string } }>;

export function sealRoutes(s: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/data/:entity/:key/verify', async (req) => {
      const r = req as Req;
      const a = authOf(r);
      return verifyForReader({ db: s.database.db, reg: localised(s.reg, languageOf(a.user)), repo: s.repo, ability: a.ability, reader: a.ref }, r.params.entity, r.params.key);
    });
    app.get<{ Params: { entity: string; name: string }; Querystring: { key?: string } }>(
      '/data/:entity/action/:name/preview',
      { schema: { querystring: { type: 'object', properties: { key: { type: 'string', maxLength: 100 } }, additionalProperties: false } } },
      async (req) => {
        const a = authOf(req);
        if (!s.reg.entities.has(req.params.entity)) throw appError('ERR_ROUTE_NOT_FOUND');
        const key = req.query.key;
        return previewAction(actionContext(s, a, req.ip), { entity: req.params.entity, name: req.params.name, ...(key === undefined ? {} : { key }) });
      },
    );
  };
}
