/**
 * Work packages from the due list (action plan_work_package, letter O, on due-list,
 * fleet-due-list and due-forecast; metadata `selection: true`: the body carries the ticked rows'
 * keys). One transaction:
 *   1. each ticked due item read through the access compiler (another company's: not found);
 *   2. the items must be of one aircraft and accomplishable (no document expiry: packageRefusal);
 *      the aircraft is locked, so two planners of the same aircraft plan one after the other;
 *   3. the package: the items ticked and, after a ticked check, its group's other due items
 *      (packageItems);
 *   4. an item ticked that an open work order's card already holds refuses the package (409,
 *      naming the work order and card); one a check would bring is left where it is planned;
 *   5. one draft work order (through the repository: the planner's C on work orders, its
 *      numbering, hooks and audit) with a task card per item, linked to what it complies with
 *      (programme task, component, AD, SB, defect) and to its due item (due_key, server-set), the
 *      planned man-hours from the programme task or SB where they have them; planned start, station
 *      and AMO from the body, else the earliest forecast date and the aircraft's home base.
 *
 * Rules: rules/work-package.ts (hand-worked cases in rules.test.ts); decision 0161.
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { inTransaction } from '../../engine/src/crud/repository.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { lockAircraft } from '../airworthiness/store.ts';
import {
  cardSource,
  certCategory,
  packageItems,
  packageRefusal,
  packageTitle,
  highestCheck,
  plannedManhours,
  plannedStart,
  splitPlanned,
  workOrderType,
  type DueCandidate,
  type DueKind,
  type PackageItem,
  type PlannedCard,
} from './rules/work-package.ts';

type Row = Record<string, unknown>;

/** A heavy check holds a couple of thousand cards (issue 42): the bound of one request, not of the work. */
const MAX_ITEMS = 5_000;
const DUE_KEY = /^[A-Z][0-9]{1,12}(-[0-9]{1,12})?$/;
const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const num = (v: unknown): number | null => (has(v) ? Number(v) : null);
const day = (v: unknown): string | null => {
  if (!has(v)) return null;
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
};

/** The due items of an aircraft with what the package needs of them (schedule links, programme task). */
async function candidates(tx: DB, compcode: string, aircraft: number, where: { keys: string[]; groups: number[] }): Promise<Map<string, DueCandidate & { row: Row }>> {
  const groups = where.groups.length ? where.groups : [-1];
  const rows = (
    await sql<Row>`
      select d.due_key, d.item_kind, d.item_code, d.description, d.aircraft, d.inspection_group, d.ata, d.component, d.component_limit,
             d.forecast_date, d.next_due_date, a.registration, a.home_base,
             s.type_inspection, s.ad_status, s.sb_status,
             i.task_code as insp_task_code, i.task_type, i.est_manhours as insp_manhours, i.skill,
             l.task_code as limit_task_code, g.seq as group_seq, g.name as group_name
        from due_item d
        join aircraft a on a.aircraft_id = d.aircraft
        left join due_schedule s on s.due_key = d.due_key and s.compcode = d.compcode
        left join aircraft_type_inspection i on i.type_inspection_id = s.type_inspection
        left join aircraft_type_component_limit l on l.id = d.component_limit
        left join inspection_group g on g.id = d.inspection_group
       where d.compcode = ${compcode} and d.aircraft = ${aircraft}
         and (d.due_key in (${sql.join(where.keys)}) or (d.inspection_group in (${sql.join(groups)}) and d.item_kind in ('INSPECTION', 'COMPONENT')))`.execute(tx)
  ).rows;
  const out = new Map<string, DueCandidate & { row: Row }>();
  for (const r of rows) {
    out.set(String(r.due_key), {
      dueKey: String(r.due_key),
      kind: String(r.item_kind) as DueKind,
      code: String(r.item_code ?? ''),
      description: String(r.description ?? ''),
      aircraft: Number(r.aircraft),
      registration: String(r.registration),
      inspectionGroup: num(r.inspection_group),
      groupSeq: num(r.group_seq),
      groupName: (r.group_name as string | null) ?? null,
      isCheck: r.item_kind === 'INSPECTION' && r.task_type === 'PKG',
      forecastDate: day(r.forecast_date),
      nextDueDate: day(r.next_due_date),
      estManhours: num(r.insp_manhours),
      skill: (r.skill as string | null) ?? null,
      row: r,
    });
  }
  return out;
}

/** The open cards holding any of these due items (their order's number and status). */
async function plannedCards(tx: DB, compcode: string, keys: string[]): Promise<PlannedCard[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .selectFrom('work_order_task as k')
    .innerJoin('work_order as w', 'w.wo_id', 'k.work_order')
    .select(['k.due_key', 'k.seq', 'k.task_status', 'k.carried_to', 'w.wo_no', 'w.wo_status'])
    .where('k.compcode', '=', compcode)
    .where('k.due_key', 'in', keys)
    .orderBy('w.wo_id')
    .orderBy('k.seq')
    .execute();
  return rows.map((r) => ({
    dueKey: String(r.due_key),
    woNo: String(r.wo_no),
    seq: Number(r.seq),
    woStatus: String(r.wo_status),
    taskStatus: has(r.carried_to) ? 'CARRIED' : String(r.task_status),
  }));
}

/** The task card of one package item, linked to what it complies with and to its due item. */
async function cardOf(tx: DB, item: PackageItem & { row?: Row }, seq: number): Promise<Row> {
  const r = item.row ?? {};
  const source = cardSource(item.kind) as string;
  const card: Row = {
    seq,
    task_source: source,
    task_code: item.code.slice(0, 40) || null,
    description: (item.description || item.code).slice(0, 500),
    ata: num(r.ata),
    skill: item.skill ? item.skill.slice(0, 20) : null,
    est_manhours: item.estManhours,
    cert_category: certCategory(item.skill),
    remark: item.broughtBy ? `Brought by the check ${item.broughtBy}`.slice(0, 500) : null,
  };
  switch (item.kind) {
    case 'INSPECTION':
      Object.assign(card, { type_inspection: num(r.type_inspection), task_code: String(r.insp_task_code ?? item.code).slice(0, 40) });
      break;
    case 'COMPONENT':
      // the release matches the component limit done by the card's task code (compliance.ts)
      Object.assign(card, { component: num(r.component), task_code: String(r.limit_task_code ?? item.code).slice(0, 40), description: `${item.code}: ${item.description}`.slice(0, 500) });
      break;
    case 'LLP':
      Object.assign(card, { component: num(r.component), description: `${item.code}: ${item.description}`.slice(0, 500) });
      break;
    case 'AD': {
      const st = await tx.selectFrom('aircraft_ad_status').select(['type_ad', 'component']).where('ad_status_id', '=', Number(r.ad_status)).executeTakeFirst();
      Object.assign(card, { type_ad: num(st?.type_ad), component: num(st?.component) });
      break;
    }
    case 'SB': {
      const st = await tx
        .selectFrom('aircraft_sb_status as st')
        .innerJoin('aircraft_type_sb as sb', 'sb.type_sb_id', 'st.type_sb')
        .select(['st.type_sb', 'st.component', 'sb.est_manhours'])
        .where('st.sb_status_id', '=', Number(r.sb_status))
        .executeTakeFirst();
      Object.assign(card, { type_sb: num(st?.type_sb), component: num(st?.component), est_manhours: num(st?.est_manhours) });
      break;
    }
    case 'DEFECT':
      // due key D<defect_id> (sql/due-list.sql)
      Object.assign(card, { defect: Number(item.dueKey.slice(1)) });
      break;
    default:
      break;
  }
  return card;
}

function keysOf(body: Row): string[] {
  const raw = body.keys;
  if (!Array.isArray(raw) || raw.length === 0) throw appError('ERR_VALIDATION', { message: 'Tick one or more due items to plan.', errors: [{ path: '/keys', message: 'Tick one or more due items to plan.' }] });
  if (raw.length > MAX_ITEMS) throw appError('ERR_VALIDATION', { errors: [{ path: '/keys', message: `Plan at most ${MAX_ITEMS} items in one work package.` }] });
  const keys = [...new Set(raw.map((k) => (typeof k === 'string' || typeof k === 'number' ? String(k) : '')))];
  // a due key is a letter and digits (I4-3, C27-7, A16, D9): anything else names no due item
  if (keys.some((k) => !DUE_KEY.test(k))) throw appError('ERR_NOT_FOUND');
  return keys;
}

/** Action plan_work_package (O) on the due screens: one draft work order of the ticked items. */
export async function planWorkPackage(ctx: ActionContext, body: Row) {
  const keys = keysOf(body);
  const today = ctx.asOf ?? todayUtc();
  return inTransaction(ctx.db, async (tx) => {
    // one read of every ticked item under the reader's access (a C-check ticks a couple of thousand)
    const chosenRows: Row[] = await ctx.repo.getMany({ db: tx, ability: ctx.ability }, 'due_item', keys);
    const aircraftIds = [...new Set(chosenRows.map((r) => Number(r.aircraft)))];
    const regs = await tx.selectFrom('aircraft').select(['aircraft_id', 'registration']).where('aircraft_id', 'in', aircraftIds).execute();
    const regOf = (id: number) => String(regs.find((x) => Number(x.aircraft_id) === id)?.registration ?? id);
    const refused = packageRefusal(
      chosenRows.map((r) => ({ dueKey: String(r.due_key), kind: String(r.item_kind) as DueKind, code: String(r.item_code ?? ''), description: String(r.description ?? ''), aircraft: Number(r.aircraft), registration: regOf(Number(r.aircraft)), inspectionGroup: num(r.inspection_group), isCheck: false, forecastDate: null, nextDueDate: null, estManhours: null, skill: null })),
    );
    if (refused) throw appError('ERR_VALIDATION', { message: refused, errors: [{ path: '/keys', message: refused }] });
    const ac = await lockAircraft(tx, aircraftIds[0], ctx.user.compcode);
    const groups = [...new Set(chosenRows.filter((r) => r.item_kind === 'INSPECTION' && has(r.inspection_group)).map((r) => Number(r.inspection_group)))];
    const known = await candidates(tx, ctx.user.compcode, ac.id, { keys, groups });
    const chosen = keys.map((k) => known.get(k)).filter((c): c is DueCandidate & { row: Row } => c !== undefined);
    const items = packageItems(chosen, [...known.values()]);
    const split = splitPlanned(items, await plannedCards(tx, ctx.user.compcode, items.map((i) => i.dueKey)));
    if (split.refusals.length) throw appError('ERR_CONFLICT', { message: `${split.refusals.join(' ')} A due item is planned in one open work order at a time.` });
    const take = split.take as (PackageItem & { row?: Row })[];
    const cards: Row[] = [];
    for (const [i, item] of take.entries()) cards.push(await cardOf(tx, item, i + 1));
    const check = highestCheck(take);
    const wo = await ctx.repo.create({ db: tx, ability: ctx.ability, user: ctx.user }, 'work_order', {
      wo_date: today,
      aircraft: ac.id,
      wo_type: workOrderType(take.map((i) => i.kind)),
      title: has(body.title) ? String(body.title).slice(0, 200) : packageTitle(take),
      inspection_group: check?.inspectionGroup ?? null,
      station: has(body.station) ? String(body.station) : ((ac.row.home_base as string | null) ?? null),
      amo: has(body.amo) ? Number(body.amo) : null,
      planned_start: has(body.planned_start) ? String(body.planned_start) : plannedStart(take, today),
      est_manhours: plannedManhours(cards.map((c) => ({ estManhours: num(c.est_manhours) }))),
      remark: `Planned from the due list: ${take.length} item${take.length === 1 ? '' : 's'}.`,
      tasks: cards,
    });
    // the due item each card accomplishes (server-set: the generic form cannot move it)
    const stored = (await tx.selectFrom('work_order_task').selectAll().where('work_order', '=', Number(wo.wo_id)).orderBy('seq').execute());
    await ctx.repo.patchMany(
      tx,
      ctx.user,
      'work_order_task',
      stored.map((c) => ({ key: Number(c.wo_task_id), before: c, values: { due_key: take[Number(c.seq) - 1].dueKey } })),
      { reason: 'planned from the due list' },
    );
    const brought = take.filter((i) => i.broughtBy !== null).length;
    const mh = plannedManhours(cards.map((c) => ({ estManhours: num(c.est_manhours) })));
    const message =
      `${String(wo.wo_no)} planned for ${ac.registration}: ${take.length} task card${take.length === 1 ? '' : 's'}` +
      `${brought ? ` (${brought} brought by ${check ? check.code : 'the check'})` : ''}` +
      `${mh !== null ? `, ${mh.toFixed(2)} planned man-hours` : ''}.` +
      `${split.left.length ? ` Left where planned: ${split.left.join(' ')}` : ''}`;
    return { success: 1, message, wo_id: wo.wo_id, wo_no: wo.wo_no, cards: take.length };
  });
}
