/**
 * The one way the server answers with a spreadsheet: the exceljs streaming writer
 * (engine/src/export/xlsx.ts) fed by keyset pages, piped into the reply as it is produced, so
 * memory stays flat however many rows there are. Used by every export (generic lists, open
 * requisitions, approvals, user per module).
 *
 *   return sendSpreadsheet(req, reply, { filename: 'open_requisition_list', sheet: 'Open requisitions', columns, rows: keysetPages(q, order) });
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeXlsx } from '../../../engine/src/export/xlsx.ts';

export interface SpreadsheetReply {
  /** Download name without the .xlsx extension (spec §9: open_requisition_list, apreval_list). */
  filename: string;
  sheet: string;
  columns: { header: string; key: string }[];
  rows: AsyncIterable<Record<string, unknown>[]>;
  /** Rows in the download, when known before it streams (header x-total-count). */
  total?: number;
}

export function sendSpreadsheet(req: FastifyRequest, reply: FastifyReply, s: SpreadsheetReply): FastifyReply {
  const out = new PassThrough();
  writeXlsx(out, s.sheet, s.columns, s.rows).catch((err: unknown) => {
    req.log.error({ err }, 'export failed');
    out.destroy(err as Error);
  });
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${s.filename}.xlsx"`);
  if (s.total !== undefined) reply.header('x-total-count', String(s.total)).header('access-control-expose-headers', 'x-total-count, content-disposition');
  return reply.send(out);
}
