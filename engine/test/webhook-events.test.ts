/**
 * Which webhook event an audit row stands for (engine/src/webhooks/outbox.ts, decision 0331), on
 * the rows the engine and the plugins actually write: the repository's insert and update, the
 * workflow's send and its end (the status it writes: 111 approved, 110 rejected), a posting, the
 * certificate of release to service, any other action; and none for the engine's own rows or a
 * row of no company.
 */
import { describe, expect, it } from 'vitest';
import { eventOfAudit } from '../src/webhooks/outbox.ts';
import '../../plugins/maintenance/events.ts'; // maintenance names its release action (issue CRS)
import type { AuditRow } from '../src/crud/versioned.ts';

const row = (action: AuditRow['action'], changes: unknown, entity = 'purchase_order', company: string | null = 'GAT'): AuditRow => ({
  entity,
  record_key: '7',
  action,
  company,
  user_id: 1,
  username: 'admin',
  changes: JSON.stringify(changes),
});

const type = (r: AuditRow) => eventOfAudit(r)?.type ?? null;

describe('eventOfAudit', () => {
  it('names the event of each kind of audit row', () => {
    expect(eventOfAudit(row('insert', { after: {} }))).toEqual({ company: 'GAT', entity: 'purchase_order', key: '7', type: 'created' });
    expect(type(row('update', { changes: { remark: ['a', 'b'] } }))).toBe('changed');
    expect(type(row('action', { action: 'send to workflow', changes: { statuswf: ['000', '100'] } }))).toBe('sent');
    expect(type(row('action', { action: 'workflow APPROVED', changes: { statuswf: ['100', '111'] } }))).toBe('approved');
    expect(type(row('action', { action: 'workflow REJECTED', changes: { statuswf: ['100', '110'] } }))).toBe('rejected');
    // a step approved with more steps to go leaves the document on process: a change
    expect(type(row('action', { action: 'workflow APPROVED', changes: {} }))).toBe('changed');
    expect(type(row('action', { action: 'post' }, 'inventory_issue'))).toBe('posted');
    expect(type(row('action', { action: 'post transfer out' }, 'inventory_transfer'))).toBe('posted');
    expect(type(row('action', { action: 'issue CRS' }, 'work_order'))).toBe('released');
    expect(type(row('action', { action: 'close line' }, 'material_request_line'))).toBe('changed');
  });

  it('is silent for deletes, the engine and webhooks rows, and rows of no company', () => {
    expect(type(row('delete', { before: {} }))).toBeNull();
    expect(type(row('insert', {}, 'sys_seal'))).toBeNull();
    expect(type(row('action', { action: 'replay' }, 'webhook_delivery'))).toBeNull();
    expect(type(row('update', {}, 'purchase_order', null))).toBeNull();
  });
});
