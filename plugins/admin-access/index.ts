/**
 * Administration behaviour metadata cannot express:
 * - a user created on Manage User joins the active company (users are global identities; without a
 *   company link nobody could see or manage them);
 * - a user is one identity across companies: changing, deleting or linking it into another company
 *   needs U (D to delete) on Manage User in every company it works in;
 * - letters (user_menu, by the generic calls or through a role) are handed out only as the granting
 *   admin holds them, and holding-only entries only in a holding (engine/src/access/menus.ts); a
 *   role's own letters (role_menu, on every path) never name a holding-only entry outside a holding;
 * - saving a role merges its letters into the letters of every user it is assigned to, in that
 *   company (union: a role never removes letters; Menu Access edits them per user);
 * - deactivating or deleting a user ends its sessions and closes its websockets; removing a user
 *   from a company re-scopes its websockets held in that company (or closes them);
 * - an admin resets a user's password to a temporary one shown once (action reset_user_password);
 *   and another user's second factor of signatures (action reset_second_factor, audited);
 * - a workflow delegation (wf_delegation) is the signed-in user's own unless they administer
 *   workflows (U on Workflow Configuration), names another active user of the company, and ends on
 *   or after its start (docs/workflow.md "Delegation").
 */
import { definePlugin, type HookContext, type ActionContext, type ActionInput } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { normaliseLetters } from '../../engine/src/access/ability.ts';
import { assertGrantable, assertHoldingOnlyAllowed, effectiveGrants } from '../../engine/src/access/menus.ts';
import { COMPANY_LEAVE_EVENT, endSessions, resetPassword } from '../../engine/src/auth/sessions.ts';
import { versionedUpdate } from '../../engine/src/crud/versioned.ts';
import { resetSecondFactor } from '../../engine/src/auth/totp.ts';
import { isTimeZone } from '../../engine/src/crud/business-date.ts';
import { checkWorkflowDefinition, nextWorkflowVersion } from '../../engine/src/workflow/config-check.ts';

/** A company's time zone dates its actions (its business day): a name this server knows, or refused at the field. */
function checkTimeZone(row: Record<string, unknown>): void {
  const tz = row.timezone;
  if (tz === undefined || tz === null) return;
  if (!isTimeZone(String(tz))) throw appError('ERR_VALIDATION', { errors: [{ path: '/timezone', message: 'is not a time zone: give an IANA name such as Asia/Jakarta, or UTC' }] });
}

async function applyRole(ctx: HookContext): Promise<void> {
  const roleId = ctx.row.id as number;
  const compcode = ctx.user.compcode;
  const menus = await ctx.db.selectFrom('role_menu').select(['menu_id', 'permission']).where('role', '=', roleId).execute();
  // lines changed through the role's own save run no line hooks: their entries are checked here
  await assertHoldingOnlyAllowed(ctx.db, compcode, menus.map((m) => Number(m.menu_id)));
  const users = await ctx.db.selectFrom('role_user').select(['user_id']).where('role', '=', roleId).execute();
  for (const u of users) {
    for (const m of menus) {
      const existing = await ctx.db
        .selectFrom('user_menu')
        .selectAll()
        .where('compcode', '=', compcode)
        .where('user_id', '=', u.user_id as number)
        .where('menu_id', '=', m.menu_id as number)
        .forUpdate()
        .executeTakeFirst();
      const before = String(existing?.permission ?? '');
      const merged = normaliseLetters(`${before}${String(m.permission)}`);
      if (!merged || merged === before) continue;
      await assertGrantable(ctx.db, ctx.reg!, { granter: ctx.user.user_id, compcode, changes: [{ menu_id: Number(m.menu_id), before, after: merged }] });
      if (existing) await versionedUpdate(ctx.db, ctx.reg!.entity('user_menu'), existing.id as number, { permission: merged }, { user: ctx.user, before: existing, reason: `role ${String(ctx.row.role_name ?? roleId)}` });
      else await ctx.db.insertInto('user_menu').values({ compcode, user_id: u.user_id, menu_id: m.menu_id, permission: merged, created_by: ctx.user.username }).execute();
    }
  }
}

/**
 * A user works in several companies; changing, deleting or linking the account affects all of
 * them, so it needs U (change) or D (delete) on Manage User in every company the user works in.
 */
async function mayManageEverywhere(ctx: Pick<HookContext, 'db' | 'user'>, userId: number, letter: 'U' | 'D'): Promise<void> {
  const companies = await ctx.db.selectFrom('user_company').select('compcode').where('user_id', '=', userId).execute();
  for (const { compcode } of companies) {
    const grant = await effectiveGrants(ctx.db, ctx.user.user_id, compcode as string).select('p.permission').where('m.modulname', '=', 'admin').where('m.route', '=', 'user').executeTakeFirst();
    if (!String(grant?.permission ?? '').includes(letter)) {
      throw appError('ERR_FORBIDDEN', { message: 'This user also works in a company where you may not manage users.' });
    }
  }
}

/**
 * The letters typed for a menu entry, in their usual order (`rc` → `CR`): some of C R U D P O and
 * nothing else. Another character is refused at the field, never dropped ("RW" is not saved as R).
 */
function typedLetters(v: unknown): string {
  const typed = String(v ?? '').toUpperCase().replace(/\s+/g, '');
  const others = [...new Set(typed.replace(/[CRUDPO]/g, ''))];
  if (others.length) throw appError('ERR_VALIDATION', { errors: [{ path: '/permission', message: `must be some of the letters C R U D P O: ${others.map((c) => `'${c}'`).join(', ')} ${others.length === 1 ? 'is not one' : 'are not'}` }] });
  const p = normaliseLetters(typed);
  if (!p) throw appError('ERR_VALIDATION', { errors: [{ path: '/permission', message: 'must hold some of the letters C R U D P O' }] });
  return p;
}

/** Letters written through the generic user_menu calls follow the rules of Menu Access. */
async function checkLetters(ctx: HookContext): Promise<void> {
  const p = typedLetters(ctx.row.permission ?? ctx.before?.permission);
  if (ctx.row.permission !== undefined) ctx.row.permission = p;
  const menuId = Number(ctx.row.menu_id ?? ctx.before?.menu_id);
  const moved = ctx.before && (Number(ctx.before.menu_id) !== menuId || Number(ctx.before.user_id) !== Number(ctx.row.user_id ?? ctx.before.user_id));
  const before = ctx.before && !moved ? String(ctx.before.permission ?? '') : '';
  await assertGrantable(ctx.db, ctx.reg!, { granter: ctx.user.user_id, compcode: ctx.user.compcode, changes: [{ menu_id: menuId, before, after: p }] });
}

/** A role's letters: some of C R U D P O, and holding-only entries only in a holding. */
async function checkRoleLetters(ctx: HookContext): Promise<void> {
  const p = typedLetters(ctx.row.permission ?? ctx.before?.permission);
  if (ctx.row.permission !== undefined || !ctx.before) ctx.row.permission = p;
  await assertHoldingOnlyAllowed(ctx.db, ctx.user.compcode, [Number(ctx.row.menu_id ?? ctx.before?.menu_id)]);
}

/** A delegation: one's own (or anyone's for a workflow administrator), to another active user of the company. */
async function checkDelegation(ctx: HookContext): Promise<void> {
  const v = { ...ctx.before, ...ctx.row };
  if (!ctx.before && (ctx.row.delegator === undefined || ctx.row.delegator === null)) ctx.row.delegator = v.delegator = ctx.user.user_id;
  const delegator = Number(v.delegator);
  const admin = async () => {
    const grant = await effectiveGrants(ctx.db, ctx.user.user_id, ctx.user.compcode).select('p.permission').where('m.modulname', '=', 'admin').where('m.route', '=', 'workflow-config').executeTakeFirst();
    return String(grant?.permission ?? '').includes('U');
  };
  const others = [delegator, ...(ctx.before ? [Number(ctx.before.delegator)] : [])].some((u) => u !== ctx.user.user_id);
  if (others && !(await admin())) throw appError('ERR_FORBIDDEN', { message: 'You may name a delegate only for yourself.' });
  const bad = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path, message }] });
  if (Number(v.delegate) === delegator) throw bad('/delegate', 'must be someone else than the user');
  const delegate = await ctx.db
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .select('u.user_id')
    .where('u.user_id', '=', Number(v.delegate))
    .where('uc.compcode', '=', ctx.user.compcode)
    .where('u.active', '=', true)
    .executeTakeFirst();
  if (!delegate) throw bad('/delegate', 'is not an active user of this company');
  if (String(v.valid_to ?? '').slice(0, 10) < String(v.valid_from ?? '').slice(0, 10)) throw bad('/valid_to', 'must be on or after the start (From)');
}

const leftCompany = (ctx: HookContext, link: Record<string, unknown>) =>
  ctx.emit?.(ctx.db, { event: COMPANY_LEAVE_EVENT, user_id: Number(link.user_id), data: { compcode: String(link.compcode) } });

/** A step written through its own calls: its workflow is checked again and takes the next version. */
async function stepChanged(ctx: HookContext): Promise<void> {
  const wftypekey = Number(ctx.row.wftypekey ?? ctx.before?.wftypekey);
  await checkWorkflowDefinition(ctx.db, ctx.reg!, ctx.user.compcode, wftypekey);
  await nextWorkflowVersion(ctx.db, wftypekey);
}

const sessionsEnd = (ctx: HookContext, userId: number) => endSessions(ctx.db, userId, { emit: ctx.emit });

/** The action `reset_user_password` (metadata `run: admin-access/index#resetUserPassword`). */
export async function resetUserPassword(ctx: ActionContext, input: ActionInput) {
  const userId = Number(input.key);
  if (!Number.isSafeInteger(userId)) throw appError('ERR_NOT_FOUND');
  // the account is shared by every company the user works in
  await mayManageEverywhere(ctx, userId, 'U');
  const temp = await resetPassword(ctx.db, ctx.reg, ctx.user, userId, ctx.emit);
  return { success: 1, message: 'Reset Password Successfully', default_password: temp };
}

/** The action `reset_second_factor` (metadata `run: admin-access/index#resetUserSecondFactor`). */
export async function resetUserSecondFactor(ctx: ActionContext, input: ActionInput) {
  const userId = Number(input.key);
  if (!Number.isSafeInteger(userId)) throw appError('ERR_NOT_FOUND');
  if (userId === ctx.user.user_id) throw appError('ERR_FORBIDDEN', { message: 'Your own second factor is reset by another administrator.' });
  await mayManageEverywhere(ctx, userId, 'U');
  await resetSecondFactor(ctx.db, ctx.reg, ctx.user, userId);
  return { success: 1, message: 'The second factor was reset: the user enrols an authenticator again before signing.' };
}

export default definePlugin({
  name: 'admin-access',
  hooks: {
    company: {
      beforeCreate: async (ctx) => checkTimeZone(ctx.row),
      beforeUpdate: async (ctx) => checkTimeZone(ctx.row),
    },
    users: {
      beforeUpdate: async (ctx) => mayManageEverywhere(ctx, Number(ctx.before?.user_id), 'U'),
      afterUpdate: async (ctx) => {
        if (ctx.before?.active && !ctx.row.active) await sessionsEnd(ctx, Number(ctx.row.user_id));
      },
      beforeDelete: async (ctx) => {
        await mayManageEverywhere(ctx, Number(ctx.row.user_id), 'D');
        await ctx.emit?.(ctx.db, { event: 'sessionend', user_id: Number(ctx.row.user_id) });
      },
      afterCreate: async (ctx) => {
        await ctx.db.insertInto('user_company').values({ compcode: ctx.user.compcode, user_id: Number(ctx.row.user_id), created_by: ctx.user.username }).execute();
      },
      beforeCreate: async (ctx) => {
        if (typeof ctx.row.username === 'string') ctx.row.username = ctx.row.username.trim().toLowerCase();
        ctx.row.mustchangepw = true;
      },
    },
    // linking a user into this company hands this company's admins that account; a user taken out
    // of it loses its live events at once (the websockets held in it are re-scoped or closed)
    user_company: {
      beforeCreate: async (ctx) => mayManageEverywhere(ctx, Number(ctx.row.user_id), 'U'),
      beforeUpdate: async (ctx) => {
        if (ctx.row.user_id !== undefined && Number(ctx.row.user_id) !== Number(ctx.before?.user_id)) {
          await mayManageEverywhere(ctx, Number(ctx.row.user_id), 'U');
          await leftCompany(ctx, ctx.before ?? {});
        }
      },
      beforeDelete: async (ctx) => leftCompany(ctx, ctx.row),
    },
    user_menu: { beforeCreate: checkLetters, beforeUpdate: checkLetters },
    role: { afterCreate: applyRole, afterUpdate: applyRole },
    role_menu: { beforeCreate: checkRoleLetters, beforeUpdate: checkRoleLetters },
    wf_delegation: { beforeCreate: checkDelegation, beforeUpdate: checkDelegation },
    // a workflow is checked when saved, and an edit is its next version (docs/workflow.md
    // "Configuring a workflow"): steps saved with it or through their own calls alike
    wf_definition: {
      afterCreate: async (ctx) => checkWorkflowDefinition(ctx.db, ctx.reg!, ctx.user.compcode, Number(ctx.row.wftypekey)),
      afterUpdate: async (ctx) => {
        await checkWorkflowDefinition(ctx.db, ctx.reg!, ctx.user.compcode, Number(ctx.row.wftypekey));
        await nextWorkflowVersion(ctx.db, Number(ctx.row.wftypekey));
      },
    },
    wf_step: {
      afterCreate: stepChanged,
      afterUpdate: stepChanged,
      beforeDelete: async (ctx) => nextWorkflowVersion(ctx.db, Number(ctx.row.wftypekey)),
    },
  },
  actions: {
    reset_user_password: {
      entity: 'users',
      handler: resetUserPassword,
      run: resetUserPassword,
    },
    // an administrator's reset of another user's second factor of signatures (decision 0300):
    // audited with who; it signs nothing, and the user enrols again before the next signature
    reset_second_factor: {
      entity: 'users',
      handler: resetUserSecondFactor,
      run: resetUserSecondFactor,
    },
  },
});
