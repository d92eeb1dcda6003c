/**
 * The material-request lists of spec §7 (aircraft-mrequest): the line list, the header list (a
 * request shown when some line matches the filters) and the open-requisition export, with the
 * spec's filters. Reads through the access compiler (the user's read access on material_request);
 * table names, keys and the line link come from the metadata. Plain functions, no HTTP: the
 * route (plugins/requisition/routes.ts) passes the query text and sends the answer.
 *
 *   await requestLines(lists, who, { requestno: 'MR-2026', outstand: '1', page: '2' }, false);
 */
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { loose } from '../../engine/src/db/loose.ts';
import type { AppAbility } from '../../engine/src/access/ability.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { accessCondition } from '../../engine/src/access/compile.ts';
import { cappedTotal } from '../../engine/src/query/page.ts';
import { filterValue } from '../../engine/src/query/filters.ts';
import { keysetPages } from '../../engine/src/query/keyset.ts';
import { appError } from '../../engine/src/errors.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { MATERIAL_REQUEST } from './request.ts';

/** The spec's query parameters as typed (empty values are ignored). */
export type RequestQuery = Record<string, string | undefined>;

/** Where the lists read: the database, the metadata and the list total cap (server config). */
export interface RequestLists {
  db: DB;
  reg: Registry;
  totalCap: number;
}

/** The user a list is for. */
export interface Reader {
  ability: AppAbility;
  userId: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const LINE_SORT: Record<string, string> = {
  requestno: 'h.requestno',
  requestdate: 'h.requestdate',
  uraian: 'l.description',
  itemname: 'l.itemname',
  partnumber: 'l.partnumber',
  quantity: 'l.quantity',
  create_by: 'u.full_name',
  statuswf: 'h.statuswf',
  outstand: 'l.outstand',
  registration: 'h.registration',
};

const HEADER_SORT: Record<string, string> = { requestno: 'h.requestno', requestdate: 'h.requestdate', statuswf: 'h.statuswf', create_by: 'u.full_name', registration: 'h.registration' };

/** Columns a dimension filter (DimCol/DimVal) may name. */
const DIMENSIONS: Record<string, string> = {
  registration: 'h.registration',
  aircraft_registration: 'h.registration',
  budgetinfo: 'h.budgetinfo',
  department: 'h.department',
  workorder_no: 'h.workorder_no',
  locationdeliv: 'h.locationdeliv',
  priority: 'h.priority',
};

const HEADER_COLUMNS = [
  'h.requestno',
  'h.requestdate',
  'h.jasa',
  'h.budgetinfo',
  'h.budgetname',
  'h.expectreceipt',
  'h.jasafinish',
  'h.locationdeliv',
  'h.remark',
  'h.barter',
  'h.registration',
  'h.matauang',
  'h.statuswf',
  'h.progress',
  'u.full_name as create_by',
];

/** The export's columns: key in a line row and the spreadsheet's header. */
export const OPEN_REQUISITION_COLUMNS = [
  { header: 'Request No.', key: 'requestno' },
  { header: 'Request Date', key: 'requestdate' },
  { header: 'Requested By', key: 'create_by' },
  { header: 'Aircraft', key: 'aircraft_registration' },
  { header: 'Part Number', key: 'partnumber' },
  { header: 'Item Name', key: 'itemname' },
  { header: 'Description', key: 'uraian' },
  { header: 'Category', key: 'nmcategory' },
  { header: 'Quantity', key: 'quantity' },
  { header: 'Unit', key: 'invunitom' },
  { header: 'Approval Status', key: 'statuswf' },
  { header: 'Progress', key: 'progress' },
  { header: 'Open', key: 'outstand' },
];

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const date = (v: string | undefined, param: string): string | undefined => (v ? (filterValue({ type: 'date' }, v, param) as string) : undefined);

/** A 0/1 code filter; ERR_VALIDATION at `path` for anything else. */
function code(v: string | undefined, path: string): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (!/^[01]$/.test(v)) throw appError('ERR_VALIDATION', { errors: [{ path, message: 'must be 0 or 1' }] });
  return v;
}

/** Page, limit (10 unless given, at most 100), the sort column (ERR_BAD_REQUEST for one not listed) and direction (desc unless asc). */
function paging(q: RequestQuery, sorts: Record<string, string>) {
  const page = Math.min(1_000_000, Math.max(1, Math.trunc(Number(q.page ?? 1)) || 1));
  const limit = Math.min(100, Math.max(1, Number(q.limit ?? 10) || 10));
  const sortBy = sorts[q.sortBy ?? 'requestdate'];
  if (!sortBy) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${q.sortBy}'.` });
  const dir: 'asc' | 'desc' = (q.sortDir ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
  return { page, limit, sortBy, dir };
}

/** The material request entity, its line entity and the line's link to its request, from the metadata. */
function model(reg: Registry) {
  const header = reg.entity(MATERIAL_REQUEST.entity);
  const line = reg.entity(MATERIAL_REQUEST.line);
  const child = header.children.find((c) => c.entity === line.name);
  if (!child) throw new Error('material_request must have material_request_line children');
  return { header, line, child };
}

/** Applies the spec's filters (only non-empty ones), restricted by the user's read access; `mine`: the user's own requests. */
function filtered<Q extends AnyQuery>(reg: Registry, who: Reader, base: Q, q: RequestQuery, mine: boolean): Q {
  const { header } = model(reg);
  if (!who.ability.can('read', header.name)) throw appError('ERR_FORBIDDEN');
  let r = base.where(accessCondition(who.ability, 'read', header, reg, 'h')) as Q;
  const eq = (col: string, v: string | undefined) => {
    if (v !== undefined && v !== '') r = r.where(col, '=', v) as Q;
  };
  if (mine) r = r.where('h.requestor', '=', who.userId) as Q;
  if (q.uraian) r = r.where((eb) => eb.or([eb('l.description', 'ilike', like(q.uraian ?? '')), eb('l.itemname', 'ilike', like(q.uraian ?? '')), eb('l.partnumber', 'ilike', like(q.uraian ?? ''))])) as Q;
  if (q.create_by) r = r.where((eb) => eb.or([eb('u.full_name', 'ilike', like(q.create_by ?? '')), eb('u.username', 'ilike', like(q.create_by ?? ''))])) as Q;
  if (q.nmcategory) r = r.where('cat.name', 'ilike', like(q.nmcategory)) as Q;
  if (q.requestno) r = r.where('h.requestno', 'ilike', like(q.requestno)) as Q;
  if (q.remark) r = r.where('h.remark', 'ilike', like(q.remark)) as Q;
  if (q.aircraft_registration) r = r.where('h.registration', 'ilike', like(q.aircraft_registration)) as Q;
  eq('h.jasa', code(q.jasa, '/jasa'));
  eq('h.statuswf', q.statuswf);
  eq('l.outstand', code(q.outstand, '/outstand'));
  if (q.approved === '1') r = r.where('h.statuswf', '=', STATUS.APPROVED) as Q;
  if (q.approved === '0') r = r.where('h.statuswf', '<>', STATUS.APPROVED) as Q;
  if (q.pr === '1') r = r.where('h.progress', '>=', 1) as Q;
  if (q.pr === '0') r = r.where((eb) => eb.or([eb('h.progress', 'is', null), eb('h.progress', '=', 0)])) as Q;
  if (q.isproject === '1') r = r.where('h.budgetinfo', 'is not', null) as Q;
  if (q.isproject === '0') r = r.where('h.budgetinfo', 'is', null) as Q;
  const t1 = date(q.tgl1, 'tgl1');
  const t2 = date(q.tgl2, 'tgl2');
  if (t1) r = r.where('h.requestdate', '>=', t1) as Q;
  if (t2) r = r.where('h.requestdate', '<=', t2) as Q;
  if (q.DimCol && q.DimVal) {
    const col = DIMENSIONS[q.DimCol];
    if (!col) throw appError('ERR_BAD_REQUEST', { message: `Cannot filter by '${q.DimCol}'.` });
    r = r.where(col, '=', q.DimVal) as Q;
  }
  return r;
}

/** Lines joined to their request, requestor and item category (aliases l, h, u, mi, cat). */
function lineBase(db: DB, reg: Registry) {
  const { header, line, child } = model(reg);
  return loose(db)
    .selectFrom(`${line.table} as l`)
    .innerJoin(`${header.table} as h`, `h.${header.key}`, `l.${child.foreignKey}`)
    .leftJoin('users as u', 'u.user_id', 'h.requestor')
    .leftJoin('master_item as mi', 'mi.item_id', 'l.item')
    .leftJoin('master_item_category as cat', 'cat.id', 'mi.category');
}

function lineColumns(reg: Registry): string[] {
  const { header, line } = model(reg);
  return [
    `h.${header.key} as requestkey`,
    `l.${line.key} as reqdtlkey`,
    'h.requestno',
    'h.requestdate',
    'h.jasa',
    'h.statuswf',
    'h.progress',
    'h.registration as aircraft_registration',
    'h.remark',
    'l.linetype',
    'l.partnumber',
    'l.itemname',
    'l.iteminfo',
    'l.description as uraian',
    'l.quantity',
    'l.invunitom',
    'l.outstand',
    'u.full_name as create_by',
    'cat.name as nmcategory',
  ];
}

/** One page of request lines matching the filters, with the (capped) total. */
export async function requestLines(src: RequestLists, who: Reader, q: RequestQuery, mine: boolean) {
  const { db, reg } = src;
  const { line } = model(reg);
  const { page, limit, sortBy, dir } = paging(q, LINE_SORT);
  const base = filtered(reg, who, lineBase(db, reg), q, mine);
  const [list, total] = await Promise.all([
    base.select(lineColumns(reg)).orderBy(sortBy, dir).orderBy(`l.${line.key}`, dir).limit(limit).offset((page - 1) * limit).execute(),
    cappedTotal(db, base, page, limit, src.totalCap),
  ]);
  return { meta: { ...total, page, limit }, list };
}

/** One page of requests with some line matching the filters (header filters apply directly), with the (capped) total. */
export async function requestHeaders(src: RequestLists, who: Reader, q: RequestQuery, mine: boolean) {
  const { db, reg } = src;
  const { header } = model(reg);
  const { page, limit, sortBy, dir } = paging(q, HEADER_SORT);
  const keys = filtered(reg, who, lineBase(db, reg), q, mine).select(`h.${header.key} as k`).distinct();
  const base = loose(db)
    .selectFrom(`${header.table} as h`)
    .leftJoin('users as u', 'u.user_id', 'h.requestor')
    .where(`h.${header.key}`, 'in', keys);
  const [list, total] = await Promise.all([
    base.select([`h.${header.key} as requestkey`, ...HEADER_COLUMNS]).orderBy(sortBy, dir).orderBy(`h.${header.key}`, dir).limit(limit).offset((page - 1) * limit).execute(),
    cappedTotal(db, base, page, limit, src.totalCap),
  ]);
  return { meta: { ...total, page, limit }, list };
}

/** Every line matching the filters, newest request first, in keyset pages (the open-requisition export; O on the request). */
export function openRequisitionRows(src: RequestLists, who: Reader, q: RequestQuery) {
  const { db, reg } = src;
  const { header, line } = model(reg);
  if (!who.ability.can('other', header.name)) throw appError('ERR_FORBIDDEN', { message: 'Exporting needs the O (other) permission on this screen.' });
  const base = filtered(reg, who, lineBase(db, reg), q, false).select(lineColumns(reg));
  return keysetPages(base, [
    ['h.requestdate', 'desc'],
    [`l.${line.key}`, 'desc'],
  ]);
}
