/**
 * Verify of a signed record (engine/src/records/seal-verify.ts, decision 0305): its seals and its sealed
 * lines' (a work order's cards) recomputed from the rows as they are now; intact, or the fields
 * that no longer match. Whoever cannot read the record gets 404, as for the record itself; an
 * entity that declares no seals is 404 too.
 *
 *   GET /api/data/:entity/:key/verify   RecordVerification
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import { verifyForReader } from '../../../engine/src/records/seal-verify.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';

type Req = FastifyRequest<{ Params: { entity: string; key: string } }>;

export function sealRoutes(s: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/data/:entity/:key/verify', async (req) => {
      const r = req as Req;
      const a = authOf(r);
      return verifyForReader({ db: s.database.db, reg: localised(s.reg, languageOf(a.user)), repo: s.repo, ability: a.ability, reader: a.ref }, r.params.entity, r.params.key);
    });
  };
}
