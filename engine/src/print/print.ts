/**
 * Prints: Handlebars templates rendered to HTML (user text is escaped by Handlebars' {{ }}). The
 * default template prints any document of any entity: its fields, then each set of child lines.
 * A PDF is the same HTML rendered by Chromium (server side).
 *
 *   const html = renderDocument(registry, 'material_request', row, { company: 'Citra Aviation' });
 */
import Handlebars from 'handlebars';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { EntityDef, FieldDef, FormScreenDef, PrintDef, Registry } from '../metadata/registry.ts';
import { formatDuration } from '../values/duration.ts';
import { amountText, formatMoney, netAmount } from '../values/money.ts';

const hb = Handlebars.create();

/** The house style of every print: A4, the company banner, field and line tables (partial `style`). */
const BASE_CSS = `
  @page { size: A4; margin: 14mm 12mm; }
  body { font: 10.5pt/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #17212b; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid {{color}}; padding-bottom: 6px; margin-bottom: 12px; }
  h1 { font-size: 15pt; margin: 0; }
  .company { text-align: right; font-size: 9pt; color: #4a5868; }
  table { width: 100%; border-collapse: collapse; }
  table.fields td { padding: 3px 6px; vertical-align: top; }
  table.fields td.label { color: #4a5868; width: 28%; }
  table.lines { margin-top: 6px; }
  table.lines { font-size: 9pt; }
  table.lines th, table.lines td { border: 1px solid #c9d2dc; padding: 3px 5px; text-align: left; }
  table.lines th { background: #eef2f6; }
  table.lines td.token { white-space: nowrap; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  h2 { font-size: 11.5pt; margin: 14px 0 4px; }
  footer { margin-top: 18px; font-size: 8.5pt; color: #6b7885; }
  .box { border: 1px solid #8796a5; padding: 8px 10px; margin: 10px 0; }
  .sign { height: 34px; border-bottom: 1px solid #8796a5; }
  .muted { color: #4a5868; }
`;
hb.registerPartial('style', BASE_CSS);
hb.registerHelper('eq', (a: unknown, b: unknown) => String(a ?? '') === String(b ?? ''));
/**
 * `{{money value}}`: an amount with its cents and thousands separators (1028 → 1,028.00), for
 * amounts in a currency other than the company's (an MRO customer's USD), whose fields do not carry
 * `currency: true`. Takes a number or a value as formatted for print ("1,028"); anything else as is.
 */
export function money(v: unknown): string {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : NaN;
  return Number.isFinite(n) ? amountText(n) : String(v ?? '');
}
hb.registerHelper('money', money);
/**
 * `{{lineAmount quantity unitPrice discountPct}}` (raw values): the line's net amount by the one
 * money module (quantity × price less the discount, rounded once half up), with its cents:
 * 3 × 44.00 → 132.00. A line's raw values are its row's `raw` in a named print.
 */
hb.registerHelper('lineAmount', (q: unknown, p: unknown, d: unknown) => formatMoney(netAmount(q, p, typeof d === 'object' ? 0 : d)));
hb.registerPartial('banner', '<header><div><h1>{{title}}</h1><div>{{subtitle}}</div></div><div class="company"><strong>{{company}}</strong><br>{{address}}</div></header>');
hb.registerPartial('printed', '<footer>Printed {{printedAt}} by {{printedBy}}</footer>');
/**
 * `{{> seal}}`: the seals of the document (decision 0305), each kind with its short form (the first
 * 12 hex characters of its SHA-256), and the verification line; nothing for a document not sealed.
 * A line's seals are `seals` of its row (`{{#each seals}}{{title}} {{short}}{{/each}}`).
 */
hb.registerPartial(
  'seal',
  '{{#if seals.length}}<div class="box seal"><strong>Seal</strong> {{#each seals}}{{title}}: <strong class="token">{{short}}</strong> ({{signedAt}}){{#unless @last}} · {{/unless}}{{/each}}<br><span class="muted">{{verifyLine}}</span></div>{{/if}}',
);

const DEFAULT_TEMPLATE = `<!doctype html>
<html><head><meta charset="utf-8"><title>{{title}}</title>
<style>{{> style}}</style></head>
<body>
<header><div><h1>{{title}}</h1><div>{{subtitle}}</div></div><div class="company"><strong>{{company}}</strong><br>{{address}}</div></header>
<table class="fields">{{#each fields}}<tr><td class="label">{{label}}</td><td>{{value}}</td></tr>{{/each}}</table>
{{#each lines}}<h2>{{title}}</h2>
<table class="lines"><thead><tr><th>No.</th>{{#each columns}}<th>{{this}}</th>{{/each}}</tr></thead>
<tbody>{{#each rows}}<tr><td>{{no}}</td>{{#each cells}}<td{{#if token}} class="token"{{/if}}>{{text}}</td>{{/each}}</tr>{{/each}}</tbody></table>{{/each}}
<footer>Printed {{printedAt}} by {{printedBy}}</footer>
</body></html>`;

const compiled = new Map<string, HandlebarsTemplateDelegate>();

function template(source: string): HandlebarsTemplateDelegate {
  let t = compiled.get(source);
  if (!t) {
    t = hb.compile(source, { strict: false });
    compiled.set(source, t);
  }
  return t;
}

export function formatValue(f: FieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (!f) return String(v);
  if (f.type === 'boolean') return v ? 'Yes' : 'No';
  if (f.type === 'enum') return f.values?.find((x) => String(x.code) === String(v))?.label ?? String(v);
  if (f.format === 'duration') return formatDuration(v);
  if (f.type === 'decimal' || f.type === 'integer') {
    const n = Number(v);
    // an amount of money (`currency: true`) keeps its cents: 948 prints 948.00
    const digits = f.type === 'decimal' ? (f.scale ?? 2) : 0;
    return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: f.currency ? digits : 0 }) : String(v);
  }
  if (f.type === 'datetime') return new Date(String(v)).toISOString().replace('T', ' ').slice(0, 16);
  return String(v);
}

export interface PrintContext {
  company: string;
  address?: string;
  color?: string;
  printedBy: string;
  now?: Date;
  /** The seals of the document and of its lines (decision 0305), for `{{> seal}}` and each line's `seals`. */
  seals?: PrintSeal[];
  /** The rows a named print's `refs` read, by reference field, formatted as printed (`ref.<field>.<their field>`). */
  refs?: Record<string, Record<string, string>>;
}

/** A seal as a print shows it. */
export interface PrintSeal {
  entity: string;
  record_key: string;
  kind: string;
  title: string;
  short: string;
  signedAt: string;
}

/** How a reader verifies a printed document's seals. */
export const verifyLine = (entity: string, key: unknown) =>
  `SHA-256 over the canonical form (RFC 8785) of what was signed; the first 12 characters are printed. Verify: the record's Verify button, or GET /api/data/${entity}/${String(key)}/verify.`;

/** At most this many line columns fit an A4 page in portrait (at the lines' 9 pt). */
const MAX_LINE_COLUMNS = 9;

/** A line's link to a line of an earlier document (a PO line's PR line or quotation): not printed. */
const linksALine = (reg: Registry, f: FieldDef): boolean =>
  f.type === 'reference' && [...reg.entities.values()].some((e) => e.children.some((c) => c.entity === f.entity));

/**
 * Replaces reference keys by the referenced rows' display text (in place, on the document and its
 * lines), so prints show "Brake assembly 2-1577-3" rather than a key.
 */
export async function resolveReferences(db: DB, reg: Registry, e: EntityDef, row: Record<string, unknown>): Promise<void> {
  const fill = async (entity: EntityDef, rows: Record<string, unknown>[]) => {
    for (const f of entity.fields) {
      if (f.type !== 'reference' || !f.entity) continue;
      const target = reg.entity(f.entity);
      if (!target.display || target.display.includes('.')) continue;
      const keys = [...new Set(rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined))] as (string | number)[];
      if (keys.length === 0) continue;
      const found = await loose(db).selectFrom(target.table).select([`${target.key} as k`, `${target.display} as d`]).where(target.key, 'in', keys).execute();
      const names = new Map(found.map((x) => [String(x.k), x.d]));
      for (const r of rows) if (r[f.name] !== null && r[f.name] !== undefined) r[f.name] = names.get(String(r[f.name])) ?? r[f.name];
    }
  };
  await fill(e, [row]);
  for (const c of e.children) {
    const lines = row[c.name] as Record<string, unknown>[] | undefined;
    if (lines?.length) await fill(reg.entity(c.entity), lines);
  }
}

/**
 * A line cell: a short value without spaces (a document or line number, a part number, a date) is
 * a token and never wraps, so "PO-2026-00005/1" is not broken at a hyphen across two lines.
 */
function cell(text: string): { text: string; token: boolean } {
  return { text, token: text.length <= 32 && !/\s/.test(text) };
}

/** A table printed after the document's lines (a task's approval history): cells already formatted. */
export interface PrintTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/** The company banner of every print: the title, the document's number, the company, its colour. */
function banner(e: EntityDef, row: Record<string, unknown>, ctx: PrintContext, title: string) {
  const number = e.numbering ? row[e.numbering.field] : e.display ? row[e.display] : row[e.key];
  return {
    title,
    subtitle: number ?? '',
    company: ctx.company,
    address: ctx.address ?? '',
    color: /^#[0-9a-fA-F]{3,8}$/.test(ctx.color ?? '') ? ctx.color : '#1f4e79',
  };
}

export function renderDocument(reg: Registry, e: EntityDef, row: Record<string, unknown>, ctx: PrintContext, source = DEFAULT_TEMPLATE, after: PrintTable[] = []): string {
  const shown = e.fields.filter((f) => !f.hidden && f.type !== 'binary' && f.type !== 'attachment');
  // Line columns: those of the entity's form when it has one, else the first fields.
  const form = [...reg.screens.values()].find((sc): sc is FormScreenDef => sc.kind === 'form' && sc.entity === e.name && sc.lines.length > 0);
  return template(source)({
    ...banner(e, row, ctx, e.title),
    fields: shown.map((f) => ({ label: f.label, value: formatValue(f, row[f.name]) })),
    lines: e.children.map((c) => {
      const child = reg.entity(c.entity);
      const formCols = form?.lines.find((l) => l.child === c.name)?.columns.map((fc) => child.fields.find((f) => f.name === fc.field)).filter((f): f is FieldDef => Boolean(f));
      const cols = (formCols?.length ? formCols : child.fields.filter((f) => !f.hidden && !f.readOnly && f.type !== 'binary' && f.name !== c.foreignKey))
        .filter((f) => !linksALine(reg, f))
        .slice(0, MAX_LINE_COLUMNS);
      const rows = (row[c.name] as Record<string, unknown>[] | undefined) ?? [];
      return { title: c.title, columns: cols.map((f) => f.label), rows: rows.map((r, i) => ({ no: i + 1, cells: cols.map((f) => cell(formatValue(f, r[f.name]))) })) };
    }).concat(after.map((a) => ({ title: a.title, columns: a.columns, rows: a.rows.map((cells, i) => ({ no: i + 1, cells: cells.map(cell) })) }))),
    printedAt: printedAt(ctx),
    printedBy: ctx.printedBy,
  });
}

const printedAt = (ctx: PrintContext) => (ctx.now ?? new Date()).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * The rows a print's `refs` name (the vendor of a PO, the store it is delivered to), each formatted
 * as printed without its hidden fields, read by key before the references become display text.
 */
export async function referencedRows(db: DB, reg: Registry, e: EntityDef, print: PrintDef, row: Record<string, unknown>): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const name of print.refs ?? []) {
    const f = e.fields.find((x) => x.name === name);
    const key = row[name];
    if (!f?.entity || key === null || key === undefined) continue;
    const target = reg.entity(f.entity);
    const found = (await loose(db).selectFrom(target.table).selectAll().where(target.key, '=', key as string | number).executeTakeFirst()) as Record<string, unknown> | undefined;
    if (found) out[name] = Object.fromEntries(target.fields.filter((x) => !x.hidden && x.type !== 'binary' && x.type !== 'attachment').map((x) => [x.name, formatValue(x, found[x.name])]));
  }
  return out;
}

/** Every field of a row, formatted as printed (enum labels, H:MM durations, dates). */
function formatted(e: EntityDef, row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(e.fields.map((f) => [f.name, formatValue(f, row[f.name])]));
}

/** Whether a named print is offered for this document (its `when`: every field holds one of the values). */
export function printAvailable(print: PrintDef, row: Record<string, unknown>): boolean {
  return Object.entries(print.when ?? {}).every(([f, v]) => (Array.isArray(v) ? v : [v]).some((x) => String(x) === String(row[f] ?? '')));
}

/**
 * A named print (metadata `prints`): its template gets the document's formatted values (`doc`),
 * the raw ones (`raw`), its lines per child (`lines.<child>`, each row formatted, `no` from 1), the
 * company banner and who printed it; partials `style`, `banner` and `printed` give the house style.
 */
export function renderPrint(reg: Registry, e: EntityDef, print: PrintDef, row: Record<string, unknown>, ctx: PrintContext): string {
  return template(print.template)({
    ...banner(e, row, ctx, print.title),
    doc: formatted(e, row),
    raw: row,
    lines: Object.fromEntries(
      e.children.map((c) => {
        const child = reg.entity(c.entity);
        const sealsOf = (r: Record<string, unknown>) => (ctx.seals ?? []).filter((s) => s.entity === child.name && s.record_key === String(r[child.key]));
        return [c.name, ((row[c.name] as Record<string, unknown>[] | undefined) ?? []).map((r, i) => ({ no: i + 1, ...formatted(child, r), raw: r, seals: sealsOf(r) }))];
      }),
    ),
    seals: (ctx.seals ?? []).filter((s) => s.entity === e.name && s.record_key === String(row[e.key])),
    ref: ctx.refs ?? {},
    verifyLine: verifyLine(e.name, row[e.key]),
    printedAt: printedAt(ctx),
    printedBy: ctx.printedBy,
  });
}
