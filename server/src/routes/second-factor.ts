/**
 * The second factor of certifying signatures (decision 0300): a user enrols an authenticator app on
 * User Profile (the password first, then a QR code and the secret shown once, then a code of it),
 * sees whether it is enrolled and whether the active company requires it; an administrator resets
 * another user's (audited). The secret and its state are rows (engine/src/auth/totp.ts), so any
 * server process verifies a code enrolled on another.
 */
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { checkPassword } from '../../../engine/src/auth/throttle.ts';
import { beginEnrolment, confirmEnrolment, resetSecondFactor, secondFactorStatus } from '../../../engine/src/auth/totp.ts';
import { secondFactorRequired } from '../../../engine/src/auth/signer.ts';
import { userCompanies } from '../auth/session.ts';
import { loadGrants } from '../../../engine/src/access/menus.ts';
import { buildAbility } from '../../../engine/src/access/ability.ts';
import type { SecondFactorEnrolment, SecondFactorResponse, SuccessResponse } from '../api/types.ts';

export function secondFactorRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  return async (app) => {
    app.get<{ Reply: SecondFactorResponse }>('/users/second-factor', async (req) => {
      const a = authOf(req);
      return { ...(await secondFactorStatus(db, a.user.user_id)), required: await secondFactorRequired(db, a.company.compcode) };
    });

    // The password first (a stolen session must not enrol a device of its own), then a new secret
    // answered this once with its otpauth URI and QR code.
    app.post<{ Body: { password: string }; Reply: SecondFactorEnrolment }>(
      '/users/second-factor/enrol',
      { schema: { body: { type: 'object', required: ['password'], additionalProperties: false, properties: { password: { type: 'string', minLength: 1, maxLength: 200 } } } } },
      async (req) => {
        const a = authOf(req);
        if (!(await checkPassword(db, a.user, req.body.password, req.ip))) throw appError('ERR_PW_CURRENT', { errors: [{ path: '/password', message: 'is wrong' }] });
        return beginEnrolment(db, a.ref);
      },
    );

    app.post<{ Body: { code: string }; Reply: SecondFactorResponse }>(
      '/users/second-factor/confirm',
      { schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', minLength: 1, maxLength: 10 } } } } },
      async (req) => {
        const a = authOf(req);
        const status = await confirmEnrolment(db, s.reg, a.ref, req.body.code);
        return { ...status, required: await secondFactorRequired(db, a.company.compcode) };
      },
    );

    // An administrator's reset of another user's second factor: U on the user screen in the active
    // company and in every other company the user works in (as a password reset); never one's own
    // (another administrator resets it), and it never signs anything.
    app.delete<{ Params: { user_id: string }; Reply: SuccessResponse }>('/users/second-factor/:user_id', async (req) => {
      const a = authOf(req);
      const targetId = Number(req.params.user_id);
      if (!Number.isSafeInteger(targetId)) throw appError('ERR_NOT_FOUND');
      if (!a.ability.can('update', 'users')) throw appError('ERR_FORBIDDEN');
      if (targetId === a.user.user_id) throw appError('ERR_FORBIDDEN', { message: 'Your own second factor is reset by another administrator.' });
      const linked = await db.selectFrom('user_company').select('user_id').where('user_id', '=', targetId).where('compcode', '=', a.company.compcode).executeTakeFirst();
      if (!linked) throw appError('ERR_NOT_FOUND');
      for (const compcode of await userCompanies(db, targetId)) {
        if (compcode === a.company.compcode) continue;
        const grants = await loadGrants(db, a.user.user_id, compcode);
        if (!buildAbility(s.reg, { compcode, grants }).can('update', 'users')) throw appError('ERR_FORBIDDEN');
      }
      await resetSecondFactor(db, s.reg, a.ref, targetId);
      return { success: 1, message: 'The second factor was reset: the user enrols again before signing.' };
    });
  };
}
