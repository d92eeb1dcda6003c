/**
 * The one access compiler: turns the CASL rules for (action, entity) into a Kysely condition on the
 * entity's table, so that every list, read, report, export and print is filtered in SQL exactly as
 * `ability.can()` would decide row by row. Field names are qualified with the table alias; an
 * entity scoped through another (companyVia) compiles `compcode` to an EXISTS sub-query.
 *
 *   const where = accessCondition(ability, 'read', entity, registry, 't');
 *   db.selectFrom(`${entity.table} as t`).where(where)…
 */
import { rulesToAST } from '@casl/ability/extra';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { PARTICIPANT, type Action, type AppAbility } from './ability.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';

interface AstNode {
  operator: string;
  field?: string;
  value: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;

export type Condition = (eb: EB) => Expression<SqlBool>;

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

/**
 * The user takes part in the row (`participants` in metadata): named in its owner field, or in the
 * user field of a `via` row referencing it; with `through`, takes part in the row it references.
 */
function participantCondition(reg: Registry, entity: EntityDef, alias: string, userId: number, eb: EB): Expression<SqlBool> {
  const p = entity.participants;
  if (!p) throw new Error(`access rule: ${entity.name} has no participants`);
  if (p.through) {
    const f = entity.fields.find((x) => x.name === p.through);
    const target = reg.entity(f?.entity ?? '');
    const inner = eb
      .selectFrom(`${target.table} as pt`)
      .select(sql.lit(1).as('one'))
      .whereRef(`pt.${target.key}`, '=', `${alias}.${p.through}`)
      .where((e2: EB) => participantCondition(reg, target, 'pt', userId, e2));
    return eb.exists(inner);
  }
  const parts: Expression<SqlBool>[] = [];
  if (p.owner) parts.push(eb(`${alias}.${p.owner}`, '=', userId));
  if (p.via) {
    const via = reg.entity(p.via.entity);
    parts.push(
      eb.exists(
        eb
          .selectFrom(`${via.table} as pv`)
          .select(sql.lit(1).as('one'))
          .whereRef(`pv.${p.via.field}`, '=', `${alias}.${entity.key}`)
          .where(`pv.${p.via.user}`, '=', userId),
      ),
    );
  }
  return parts.length ? eb.or(parts) : FALSE;
}

function column(reg: Registry, entity: EntityDef, alias: string, field: string, eb: EB, op: string, value: unknown): Expression<SqlBool> {
  if (field === PARTICIPANT) {
    if (op !== 'eq') throw new Error(`access compiler: ${PARTICIPANT} takes only equality`);
    return participantCondition(reg, entity, alias, Number(value), eb);
  }
  if (field === 'compcode' && entity.companyVia && !entity.companyScoped) {
    const via = reg.entity(entity.companyVia.entity);
    const inner = eb
      .selectFrom(`${via.table} as v`)
      .select(sql.lit(1).as('one'))
      .whereRef(`v.${entity.companyVia.field}`, '=', `${alias}.${entity.key}`)
      .where((e2: EB) => compare(e2, 'v.compcode', op, value));
    return eb.exists(inner);
  }
  const col = field === 'compcode' && scopedByKey(entity) ? entity.key : field;
  const known = col === entity.key || col === 'compcode' || entity.fields.some((f) => f.name === col);
  if (!known) throw new Error(`access rule names unknown field ${field} of ${entity.name}`);
  return compare(eb, `${alias}.${col}`, op, value);
}

function compare(eb: EB, ref: string, op: string, value: unknown): Expression<SqlBool> {
  switch (op) {
    case 'eq':
      return value === null ? eb(ref, 'is', null) : eb(ref, '=', value);
    case 'ne':
      return value === null ? eb(ref, 'is not', null) : eb.or([eb(ref, '<>', value), eb(ref, 'is', null)]);
    case 'in':
      return (value as unknown[]).length === 0 ? FALSE : eb(ref, 'in', value as unknown[]);
    case 'nin':
      return (value as unknown[]).length === 0 ? TRUE : eb(ref, 'not in', value as unknown[]);
    case 'lt':
      return eb(ref, '<', value);
    case 'lte':
      return eb(ref, '<=', value);
    case 'gt':
      return eb(ref, '>', value);
    case 'gte':
      return eb(ref, '>=', value);
    default:
      throw new Error(`access compiler: unsupported operator ${op}`);
  }
}

function compileNode(reg: Registry, entity: EntityDef, alias: string, node: AstNode, eb: EB): Expression<SqlBool> {
  switch (node.operator) {
    case 'and': {
      const parts = (node.value as AstNode[]).map((n) => compileNode(reg, entity, alias, n, eb));
      return parts.length === 0 ? TRUE : eb.and(parts);
    }
    case 'or': {
      const parts = (node.value as AstNode[]).map((n) => compileNode(reg, entity, alias, n, eb));
      return parts.length === 0 ? FALSE : eb.or(parts);
    }
    case 'not': {
      const inner = (node.value as AstNode[]).map((n) => compileNode(reg, entity, alias, n, eb));
      return eb.not(inner.length === 1 ? inner[0] : eb.and(inner));
    }
    default:
      if (!node.field) throw new Error(`access compiler: operator ${node.operator} without field`);
      return column(reg, entity, alias, node.field, eb, node.operator, node.value);
  }
}

/** A Kysely condition equal to the ability's decision for `action` on rows of `entity`. */
export function accessCondition(ability: AppAbility, action: Action, entity: EntityDef, reg: Registry, alias: string): Condition {
  const ast = rulesToAST(ability, action, entity.name) as AstNode | null;
  if (ast === null) return () => FALSE;
  return (eb) => compileNode(reg, entity, alias, ast, eb);
}

