/**
 * A workflow definition is checked when it is saved (Workflow Configuration, the generic calls,
 * import, fixtures), not when a document is first sent to it: its document entity must be one that
 * declares `workflow:` in metadata, each step's assignment must be given, and a named user must be one
 * of the company's active users (a position or team may still be vacant), and a step's condition must name a field of
 * that entity with an operator and, for a number field, a number. Errors name the field (the step's
 * line) in words (docs/workflow.md "Configuring a workflow", decision 0263).
 *
 * An edited definition takes a new version (`wf_version` + 1): documents already on process keep the
 * steps they were sent with (`wf_task.steps_snapshot`, `wf_task.wf_version`) and finish on them.
 */
import type { DB } from '../db/database.ts';
import { appError, type FieldError } from '../errors.ts';
import type { Registry } from '../metadata/registry.ts';
import { CONDITION_OPS, type ConditionOp } from './steps.ts';


interface StepRow {
  id: unknown;
  seq: unknown;
  step_name: unknown;
  assign_kind: unknown;
  assign_value: unknown;
  condition_field: unknown;
  condition_op: unknown;
  condition_value: unknown;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** The problems of one step (its line index `i` in the definition's steps), or none. */
async function stepProblems(tx: DB, reg: Registry, compcode: string, entity: string | null, step: StepRow, i: number): Promise<FieldError[]> {
  const at = (field: string) => `/steps/${i}/${field}`;
  const name = `Step ${text(step.seq)} (${text(step.step_name)})`;
  const problems: FieldError[] = [];
  const users = tx
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .select('u.user_id')
    .where('uc.compcode', '=', compcode)
    .where('u.active', '=', true);
  const kind = text(step.assign_kind);
  const value = text(step.assign_value);
  // a position or team may be vacant when the workflow is set up (a new company's reference
  // workflows come before its people): it is checked when a document is sent ("No one to assign …")
  if (kind === 'user' || kind === 'position' || kind === 'team') {
    const what = kind === 'user' ? 'user name' : kind === 'position' ? 'position (job title)' : 'team (department)';
    if (!value) {
      problems.push({ path: at('assign_value'), message: `is required: ${name} is assigned to a ${what}` });
    } else if (kind === 'user' && !(await users.where('u.username', '=', value.toLowerCase()).executeTakeFirst())) {
      problems.push({ path: at('assign_value'), message: `names the ${what} '${value}', which no active user of this company has (${name})` });
    }
  }
  const field = text(step.condition_field);
  if (field && entity) {
    const e = reg.entity(entity);
    const f = e.fields.find((x) => x.name === field);
    if (!f || f.hidden) {
      problems.push({ path: at('condition_field'), message: `names '${field}', which is not a field of ${e.title} (${name})` });
    } else {
      const op = text(step.condition_op);
      if (!CONDITION_OPS.includes(op as ConditionOp)) problems.push({ path: at('condition_op'), message: `is required when the step has a condition (${name})` });
      const expected = text(step.condition_value);
      if ((f.type === 'integer' || f.type === 'decimal') && (expected === '' || !Number.isFinite(Number(expected)))) {
        problems.push({ path: at('condition_value'), message: `must be a number: ${f.label ?? f.name} is a number (${name})` });
      }
    }
  } else if (!field && (text(step.condition_op) || text(step.condition_value))) {
    problems.push({ path: at('condition_field'), message: `is required when the step compares a value (${name})` });
  }
  return problems;
}

/**
 * Checks a stored definition and its steps inside the writing transaction; refuses (400, every
 * problem at its field) so the save rolls back.
 */
export async function checkWorkflowDefinition(tx: DB, reg: Registry, compcode: string, wftypekey: number): Promise<void> {
  const def = await tx.selectFrom('wf_definition').select(['entity_name']).where('wftypekey', '=', wftypekey).executeTakeFirst();
  if (!def) return;
  const problems: FieldError[] = [];
  const entityName = text(def.entity_name);
  const known = reg.entities.get(entityName);
  let entity: string | null = null;
  if (!known || known.view) {
    problems.push({ path: '/entity_name', message: `'${entityName}' is not an entity of this product: give the name of a document entity approved through a workflow (e.g. material_request)` });
  } else if (!known.workflow) {
    problems.push({ path: '/entity_name', message: `${known.title} (${entityName}) documents are not approved through a workflow: give a document entity that is (e.g. material_request)` });
  } else {
    entity = known.name;
  }
  const steps = (await tx
    .selectFrom('wf_step')
    .select(['id', 'seq', 'step_name', 'assign_kind', 'assign_value', 'condition_field', 'condition_op', 'condition_value'])
    .where('wftypekey', '=', wftypekey)
    .orderBy('id')
    .execute()) as StepRow[];
  for (let i = 0; i < steps.length; i++) problems.push(...(await stepProblems(tx, reg, compcode, entity, steps[i], i)));
  if (problems.length) throw appError('ERR_VALIDATION', { errors: problems });
}

/** An edited definition takes the next version; documents in flight keep the steps they were sent with. */
export async function nextWorkflowVersion(tx: DB, wftypekey: number): Promise<void> {
  await tx
    .updateTable('wf_definition')
    .set((eb) => ({ wf_version: eb(eb.fn.coalesce('wf_version', eb.lit(1)), '+', 1) }))
    .where('wftypekey', '=', wftypekey)
    .execute();
}
