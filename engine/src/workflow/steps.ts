/**
 * A workflow's steps as a task holds them (the snapshot taken when the document is sent, so a
 * later change of the configuration never changes a running task): what each step assigns, what
 * its items offer, how many approvals it needs, and whether it applies to a document at all
 * (a condition on one of the document's fields, docs/workflow.md "Conditional steps").
 *
 *   const steps = defined.filter((st) => stepApplies(reg, 'material_request', doc, st, 'MR approval'));
 *   requiredApprovals({ ...step, required_approvals: 2 }) // 2
 */
import { appError } from '../errors.ts';
import type { Registry } from '../metadata/registry.ts';

export type ActionTake = 'APPROVED' | 'REVIEWED' | 'ROUTING' | 'REJECTED' | 'COMPLETED' | 'PENDING';
export const ITEM_ACTIONS: Record<'approval' | 'task', ActionTake[]> = {
  approval: ['APPROVED', 'REVIEWED', 'ROUTING', 'REJECTED', 'PENDING'],
  task: ['COMPLETED', 'REJECTED', 'PENDING'],
};

export interface StepSnapshot {
  seq: number;
  step_name: string;
  assign_kind: 'user' | 'position' | 'dept_head' | 'team';
  assign_value: string | null;
  item_kind: 'approval' | 'task';
  deadline_hours: number | null;
  /** The step applies only when the document's field compares so with the value (docs/workflow.md). */
  condition_field?: string | null;
  condition_op?: ConditionOp | null;
  condition_value?: string | null;
  /** N of M: the step completes when this many distinct assignees approved (1 or absent: the first). */
  required_approvals?: number | null;
  /** 'first' (or absent): the first refusal fails the step; 'quorum': once N can no longer be reached. */
  refusal?: 'first' | 'quorum' | null;
  /** A personal step: never delegated, nobody acts on its items for the assignee (docs/workflow.md "Four eyes"). */
  personal?: boolean | null;
}

/**
 * The people whose own document a task is (docs/workflow.md "Four eyes"): its sender and the
 * document's creator. They are never assigned one of its items, never act on one (for themselves
 * or for anyone), and are never anyone's delegate on it.

/** The approvals a step needs (N of M), at least 1. */
export const requiredApprovals = (step: StepSnapshot): number => Math.max(1, Math.trunc(Number(step.required_approvals ?? 1)) || 1);

/** Actions that count as an approval of a step (a review passes it on; a task is completed). */
export const APPROVING = ['APPROVED', 'REVIEWED', 'COMPLETED'] as const;

export type ConditionOp = 'gte' | 'gt' | 'lte' | 'lt' | 'eq' | 'ne';
export const CONDITION_OPS: ConditionOp[] = ['gte', 'gt', 'lte', 'lt', 'eq', 'ne'];

/**
 * Whether a step applies to a document: a step without a condition always does; otherwise the
 * document's field is compared with the value (numbers as numbers, dates and text as text). A
 * condition naming no field of the entity, or with no operator, is a configuration error (409),
 * never silently skipped. An empty field satisfies only `ne`.
 */
export function stepApplies(reg: Registry, entity: string, doc: Record<string, unknown>, step: StepSnapshot, workflow: string): boolean {
  const field = step.condition_field?.trim();
  if (!field) return true;
  const e = reg.entity(entity);
  const f = reg.field(e.name, field);
  const bad = (why: string) => appError('ERR_CONFLICT', { message: `Step ${step.seq} (${step.step_name}) of workflow ${workflow} ${why}: check the workflow configuration.` });
  if (!f || f.hidden) throw bad(`names '${field}', which is not a field of ${e.title}`);
  const op = step.condition_op;
  if (!op || !CONDITION_OPS.includes(op)) throw bad('has a condition without an operator');
  const raw = doc[field];
  if (raw === null || raw === undefined || raw === '') return op === 'ne';
  const expected = String(step.condition_value ?? '').trim();
  let cmp: number;
  if (f.type === 'integer' || f.type === 'decimal' || (f.type === 'enum' && typeof raw === 'number')) {
    const want = Number(expected);
    if (expected === '' || !Number.isFinite(want)) throw bad(`compares ${field} with '${expected}', which is not a number`);
    cmp = Number(raw) - want;
  } else {
    const have = f.type === 'date' ? String(raw).slice(0, 10) : typeof raw === 'boolean' ? (raw ? 'true' : 'false') : String(raw);
    cmp = have < expected ? -1 : have > expected ? 1 : 0;
  }
  switch (op) {
    case 'gte':
      return cmp >= 0;
    case 'gt':
      return cmp > 0;
    case 'lte':
      return cmp <= 0;
    case 'lt':
      return cmp < 0;
    case 'eq':
      return cmp === 0;
    case 'ne':
      return cmp !== 0;
  }
}
