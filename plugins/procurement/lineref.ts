/**
 * `lineref` of the chain's lines, set by the server on every path a line is created (with its
 * document, added to it later, or written directly): the document's number and the line's
 * position, e.g. PO-2026-00012/3. Numbers are never reused within a document: a new line takes
 * one more than the highest so far, even after lines were deleted. The document row is locked
 * first (the repository does for direct line writes; a new document is not visible to others).
 */
import type { HookContext } from '../../engine/src/plugins/host.ts';
import { txOf } from './util.ts';
import { loose } from '../../engine/src/db/loose.ts';

/** line entity → its document entity, the reference to it and the document's number field. */
const LINE_DOCS: Record<string, { doc: string; fk: string; number: string }> = {
  material_request_line: { doc: 'material_request', fk: 'request', number: 'requestno' },
  purchase_request_line: { doc: 'purchase_request', fk: 'purchase_request', number: 'prno' },
  canvass_line: { doc: 'canvass_sheet', fk: 'canvass_sheet', number: 'csno' },
  purchase_order_line: { doc: 'purchase_order', fk: 'purchase_order', number: 'pono' },
};

export function lineRefHook(lineEntity: string) {
  const spec = LINE_DOCS[lineEntity];
  return async (ctx: HookContext): Promise<void> => {
    const t = txOf(ctx);
    const parent = ctx.row[spec.fk];
    if (parent === undefined || parent === null) return;
    const doc = t.reg.entity(spec.doc);
    const line = t.reg.entity(lineEntity);
    const header = (await loose(t.db).selectFrom(doc.table).select([spec.number]).where(doc.key, '=', parent as number).forUpdate().executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!header) return; // the repository refuses the missing parent with its own error
    const refs = (await loose(t.db).selectFrom(line.table).select(['lineref']).where(spec.fk, '=', parent as number).execute()) as { lineref: string | null }[];
    const highest = refs.reduce((m, r) => {
      const n = Number(/\/(\d+)$/.exec(r.lineref ?? '')?.[1] ?? 0);
      return n > m ? n : m;
    }, 0);
    ctx.row.lineref = `${String(header[spec.number])}/${highest + 1}`;
  };
}
