/**
 * The material request as the spec's calls (aircraft-mrequest) send and receive it, mapped to the
 * metadata entity material_request with its lines: what a save writes (the spec's `requestkey`,
 * `reqdtlkey` and `detail` names, the requestor, date and currency a new request takes) and what
 * the detail answers. Plain functions; the repository does the writing (validation, lifecycle,
 * numbering).
 *
 *   const { key, body } = requestToSave(reg, req.body, { userId: 12, currency: 'IDR', today: '2026-11-27' });
 *   key === undefined ? repo.create(ctx, 'material_request', body) : repo.update(ctx, 'material_request', key, body);
 */
import type { DB } from '../../engine/src/db/database.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';

/** The metadata names the spec's material-request calls address: the entities and the actions on them. */
export const MATERIAL_REQUEST = {
  entity: 'material_request',
  line: 'material_request_line',
  /** The workflow's send and withdraw (engine/src/workflow/actions.ts) and this plugin's line close. */
  send: 'send_material_request',
  cancel: 'cancel_material_request',
  closeLine: 'close_material_request_line',
} as const;

/** Who saves, and the defaults a request takes from them. */
export interface Requestor {
  userId: number;
  /** The active company's currency. */
  currency: unknown;
  /** The request date when none is given (YYYY-MM-DD). */
  today: string;
}

/**
 * The repository's input for a save of the spec's body: the key to update (undefined: create),
 * the lines under `lines` (also accepted as `detail`) with `reqdtlkey` as the line key, and the
 * requestor, request date and currency unless given.
 */
export function requestToSave(reg: Registry, input: Record<string, unknown>, who: Requestor): { key: unknown; body: Record<string, unknown> } {
  const lineKey = reg.entity(MATERIAL_REQUEST.line).key;
  const body: Record<string, unknown> = { ...input };
  const key = body.requestkey;
  delete body.requestkey;
  const lines = (body.lines ?? body.detail) as Record<string, unknown>[] | undefined;
  delete body.detail;
  if (lines !== undefined) body.lines = Array.isArray(lines) ? lines.map(({ reqdtlkey, ...l }) => ({ ...l, ...(reqdtlkey ? { [lineKey]: reqdtlkey } : {}) })) : lines;
  body.requestor ??= who.userId;
  body.requestdate ??= who.today;
  body.matauang ??= who.currency ?? null;
  return { key: key === undefined || key === null || key === '' ? undefined : key, body };
}

/** The detail answer `[[header], lines]` of a request as the repository read it: the spec's key names and the requestor's name. */
export async function requestDetail(db: DB, reg: Registry, row: Record<string, unknown>): Promise<[Record<string, unknown>[], Record<string, unknown>[]]> {
  const header = reg.entity(MATERIAL_REQUEST.entity);
  const line = reg.entity(MATERIAL_REQUEST.line);
  const child = header.children.find((c) => c.entity === line.name);
  const { [child?.name ?? 'lines']: lines, ...head } = row;
  const requestor = head.requestor ? await db.selectFrom('users').select(['full_name', 'username']).where('user_id', '=', head.requestor as number).executeTakeFirst() : undefined;
  return [[{ ...head, requestkey: head[header.key], create_by: requestor?.full_name ?? null }], ((lines as Record<string, unknown>[]) ?? []).map((l) => ({ ...l, reqdtlkey: l[line.key] }))];
}
