/**
 * Server → client events (spec §7 Real-time) go through PostgreSQL NOTIFY on one channel, so an
 * event raised by any server process reaches the sockets held by every process (PGlite: the one
 * process). Publish inside a transaction and PostgreSQL delivers it only if that transaction commits.
 *
 *   await publish(tx, { event: 'task_changed', compcode: 'GAT', user_id: 12, data: { taskkey: 7 } });
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { EngineEvent } from '../../../engine/src/plugins/host.ts';
import { COMPANY_LEAVE_EVENT, SESSION_END_EVENT } from '../../../engine/src/auth/sessions.ts';
import { CLIENT_EVENTS } from '../../../engine/src/values/events.ts';

export const CHANNEL = 'aero_events';

/** The events the browser receives (engine/src/values/events.ts, shared with the renderer). */
const SERVER_EVENTS = CLIENT_EVENTS;

/**
 * Events between server processes only (never forwarded): `sessionend` closes a user's websockets,
 * `companyleave` re-scopes those held in a company the user was removed from.
 */
const INTERNAL_EVENTS = [SESSION_END_EVENT, COMPANY_LEAVE_EVENT] as const;

export type ServerEvent = (typeof SERVER_EVENTS)[number] | (typeof INTERNAL_EVENTS)[number];

export interface EventMessage {
  event: ServerEvent;
  /** Delivered to sockets of this company only (and of user_id when given). */
  compcode?: string;
  user_id?: number;
  data?: Record<string, unknown>;
}

/** Publishes an event; engine and plugin events name one of SERVER_EVENTS (checked here). */
export async function publish(db: DB, msg: EventMessage | EngineEvent): Promise<void> {
  if (![...SERVER_EVENTS, ...INTERNAL_EVENTS].includes(msg.event as ServerEvent)) throw new Error(`unknown event ${msg.event}`);
  const text = JSON.stringify(msg);
  if (text.length > 7900) throw new Error('event payload too large for NOTIFY');
  await sql`select pg_notify(${CHANNEL}, ${text})`.execute(db);
}
