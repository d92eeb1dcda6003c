/**
 * The History of a record (engine/src/crud/history.ts): the audit trail's field changes, the
 * workflow's actions and the postings, newest first, filtered by user and date; the same as a
 * spreadsheet. Whoever cannot read the record gets 404, as for the record itself.
 *
 *   GET /api/data/:entity/:key/history?user=&from=YYYY-MM-DD&to=YYYY-MM-DD   { data: HistoryEvent[] }
 *   GET /api/data/:entity/:key/history/export?…                          xlsx (needs O, like every export)
 */
import { languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { recordHistory, type HistoryEvent } from '../../../engine/src/crud/history.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { sendSpreadsheet } from './spreadsheet.ts';

type Req = FastifyRequest<{ Params: { entity: string; key: string }; Querystring: { user?: string; from?: string; to?: string } }>;

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: { user: { type: 'string', maxLength: 50 }, from: { type: 'string', maxLength: 10 }, to: { type: 'string', maxLength: 10 } },
} as const;

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function historyRoutes(s: Services): FastifyPluginAsync {
  const events = (req: Req): Promise<HistoryEvent[]> => {
    const a = authOf(req);
    if (!s.reg.entities.has(req.params.entity)) throw appError('ERR_ROUTE_NOT_FOUND');
    // field labels, enum labels and line titles in the reader's language (decision 0144)
    return recordHistory({ db: s.database.db, reg: localised(s.reg, languageOf(a.user)), repo: s.repo, ability: a.ability, reader: a.ref }, req.params.entity, req.params.key, req.query);
  };
  return async (app) => {
    app.get('/data/:entity/:key/history', { schema: { querystring } }, async (req) => ({ data: await events(req as Req) }));

    app.get('/data/:entity/:key/history/export', { schema: { querystring } }, async (req, reply) => {
      const r = req as Req;
      const a = authOf(r);
      const list = await events(r);
      if (!a.ability.can('other', r.params.entity)) throw appError('ERR_FORBIDDEN', { message: 'Exporting needs the O (other) permission on this screen.' });
      // one spreadsheet row per change (an event without changes is one row)
      const rows = list.flatMap((ev) => (ev.changes.length ? ev.changes : [null]).map((c) => ({ at: ev.at, username: ev.username, title: ev.title, note: ev.note ?? '', field: c?.label ?? '', from: text(c?.from), to: text(c?.to) })));
      async function* pages() {
        yield rows;
      }
      return sendSpreadsheet(r, reply, {
        filename: `history_${r.params.entity}_${r.params.key}`.replace(/[^a-zA-Z0-9_-]/g, '_'),
        sheet: 'History',
        columns: [
          { header: 'When', key: 'at' },
          { header: 'User', key: 'username' },
          { header: 'What', key: 'title' },
          { header: 'Note', key: 'note' },
          { header: 'Field', key: 'field' },
          { header: 'From', key: 'from' },
          { header: 'To', key: 'to' },
        ],
        rows: pages(),
        total: rows.length,
      });
    });
  };
}
