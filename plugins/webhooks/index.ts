/**
 * Webhook subscriptions (metadata/admin/webhooks.yaml, decisions 0331-0334):
 * - a subscription's save checks its receiver URL (https, or http to this machine only), its
 *   events (WEBHOOK_EVENTS) and its entities (declared, not the engine's own), and stores them as
 *   one comma-separated list; its owner is the administrator who makes it (their read access is the
 *   subscription's);
 * - `new_webhook_secret` makes the signing secret and answers it once; only its last characters
 *   stay readable (`secret_hint`), the secret itself is a hidden field (no answer, list, export,
 *   audit row or log carries it);
 * - `replay_webhook_delivery` puts a dead letter back in the outbox for a fresh round of attempts.
 */
import { definePlugin, type HookContext } from '../../engine/src/plugins/host.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { appError } from '../../engine/src/errors.ts';
import { WEBHOOK_EVENTS, silentEntity } from '../../engine/src/webhooks/outbox.ts';
import { newSigningSecret } from '../../engine/src/webhooks/payload.ts';
import { enumLabel } from '../../engine/src/metadata/labels.ts';

/** Hosts an http:// receiver may name: this machine only (a test receiver, a local relay). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function list(v: unknown): string[] {
  return String(v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

export function checkSubscription(ctx: HookContext): void {
  const row = ctx.row;
  if (row.url !== undefined) {
    let u: URL | null = null;
    try {
      u = new URL(String(row.url));
    } catch {
      u = null;
    }
    if (!u || !(u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname))))
      throw appError('ERR_VALIDATION', { errors: [{ path: '/url', message: 'must be an https:// address (http:// only for a receiver on this machine)' }] });
    if (u.username || u.password) throw appError('ERR_VALIDATION', { errors: [{ path: '/url', message: 'must not carry a user name or password' }] });
  }
  if (row.events !== undefined) {
    const events = [...new Set(list(row.events).map((x) => x.toLowerCase()))];
    const unknown = events.filter((x) => !(WEBHOOK_EVENTS as readonly string[]).includes(x));
    if (!events.length) throw appError('ERR_VALIDATION', { errors: [{ path: '/events', message: `must name at least one event: ${WEBHOOK_EVENTS.join(', ')}` }] });
    if (unknown.length) throw appError('ERR_VALIDATION', { errors: [{ path: '/events', message: `${unknown.join(', ')}: not an event; the events are ${WEBHOOK_EVENTS.join(', ')}` }] });
    row.events = events.join(',');
  }
  if (row.entities !== undefined && row.entities !== null) {
    const names = [...new Set(list(row.entities))];
    const unknown = names.filter((x) => !ctx.reg?.entities.has(x) || silentEntity(x));
    if (unknown.length) throw appError('ERR_VALIDATION', { errors: [{ path: '/entities', message: `${unknown.join(', ')}: not an entity of the product` }] });
    row.entities = names.join(',') || null;
  }
}

export default definePlugin({
  name: 'webhooks',
  hooks: {
    webhook_subscription: {
      beforeCreate: async (ctx) => {
        checkSubscription(ctx);
        ctx.row.owner_id = ctx.user.user_id;
      },
      beforeUpdate: async (ctx) => checkSubscription(ctx),
    },
  },
  actions: {
    new_webhook_secret: {
      entity: 'webhook_subscription',
      document: true,
      async run(ctx, input) {
        return documentAction(ctx, { entity: 'webhook_subscription', key: input.key, name: 'new secret' }, async (tx, row) => {
          const secret = newSigningSecret();
          await ctx.repo.patch(tx, ctx.user, 'webhook_subscription', row.subscription_id as number, { signing_secret: secret, secret_hint: `…${secret.slice(-6)}` }, { reason: 'new secret', before: row });
          return {
            success: 1,
            message: `The signing secret of ${row.name} is ${secret} — give it to the receiver now: it is not shown again.`,
            secret,
          };
        });
      },
    },
    replay_webhook_delivery: {
      entity: 'webhook_delivery',
      document: true,
      async run(ctx, input) {
        return documentAction(ctx, { entity: 'webhook_delivery', key: input.key, name: 'replay' }, async (tx, d) => {
          if (d.status !== 'DEAD') throw appError('ERR_CONFLICT', { message: `Delivery ${String(d.delivery_id)} is not a dead letter (${enumLabel('webhook_delivery', 'status', d.status)}): only dead letters are replayed.` });
          await ctx.repo.patch(tx, ctx.user, 'webhook_delivery', d.delivery_id as number, { status: 'PENDING', attempts: 0, next_attempt_at: new Date().toISOString(), replays: (d.replays ?? 0) + 1 }, { reason: 'replay', before: d });
          return { success: 1, message: `Delivery ${String(d.delivery_id)} (${d.event_type} ${d.entity_name} ${d.record_key}) goes out again.` };
        });
      },
    },
  },
});
