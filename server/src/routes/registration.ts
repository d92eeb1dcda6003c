/**
 * POST /registration: a demo/trial registration submitted without signing in. Validated with the
 * registration entity's schema (the one the form uses); stored for an admin, who turns it into a
 * company and first user on the company-add screen (plugin action convert_registration). At most
 * REGISTRATIONS_PER_ADDRESS are accepted from one client address an hour (counted in the
 * database, so across server processes); more answer 429.
 */
import type { FastifyPluginAsync } from 'fastify';
import { validateBody } from '../../../engine/src/crud/repository.ts';
import type { Services } from '../services.ts';
import { consumeRate } from '../../../engine/src/auth/throttle.ts';

/** Registrations accepted from one client address per window (public: no account to throttle). */
const REGISTRATIONS_PER_ADDRESS = 5;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const FIELDS = ['company', 'compaddr1', 'compaddr2', 'compaddr3', 'compphone', 'compfax', 'contact_name', 'contact_number', 'compemail', 'username'] as const;

export function registrationRoutes(s: Services): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: Record<string, unknown> }>(
      '/registration',
      { config: { public: true }, schema: { body: { type: 'object' } } },
      async (req) => {
        const e = s.reg.entity('registration');
        const body: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(req.body ?? {})) {
          // Empty optional inputs arrive as ''; store them as null. Unknown keys are kept so that the
          // schema refuses them.
          body[k] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
        }
        for (const f of FIELDS) if (body[f] === undefined) body[f] = null;
        if (typeof body.username === 'string') body.username = body.username.toLowerCase();
        body.compemail_name ??= body.company;
        body.compemail_address ??= [body.compaddr1, body.compaddr2, body.compaddr3].filter((x) => typeof x === 'string' && x).join(' ') || null;
        for (const k of Object.keys(body)) if (body[k] === null && !e.fields.find((f) => f.name === k)?.required) delete body[k];
        for (const f of e.fields) if (f.required && body[f.name] === null) delete body[f.name];
        validateBody(s.reg, e, body);
        const regkey = await s.database.db.transaction().execute(async (tx) => {
          await consumeRate(tx, `registration:${req.ip}`, REGISTRATIONS_PER_ADDRESS, REGISTRATION_WINDOW_SECONDS, 'Too many registrations from this address. Please try again later.');
          const key = await s.repo.insertRow(tx, { user: { user_id: 0, username: 'registration', compcode: '' } }, e, body);
          await s.repo.audit(tx, null, e, key, 'insert', { after: body });
          return key;
        });
        return { success: 1, message: 'Submit data successfully, our team will contact you soon', data: { regkey } };
      },
    );
  };
}
