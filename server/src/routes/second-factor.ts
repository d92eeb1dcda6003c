/**
 * The second factor of certifying signatures (decision 0300): a user enrols an authenticator app on
 * User Profile (the password first, then a QR code and the secret shown once, then a code of it),
 * sees whether it is enrolled and whether the active company requires it. An administrator resets
 * another user's with the user form's action reset_second_factor (plugins/admin-access, audited). The secret and its state are rows (engine/src/auth/totp.ts), so any
 * server process verifies a code enrolled on another.
 */
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { checkPassword } from '../../../engine/src/auth/throttle.ts';
import { beginEnrolment, confirmEnrolment, secondFactorStatus } from '../../../engine/src/auth/totp.ts';
import { secondFactorRequired } from '../../../engine/src/auth/signer.ts';
import type { SecondFactorEnrolment, SecondFactorResponse } from '../api/types.ts';

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
  };
}
