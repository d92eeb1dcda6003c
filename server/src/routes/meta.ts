/**
 * Metadata for the renderer: the screen definition of a route (with the JSON Schema and uiSchema
 * its form validates with, and the letters the user holds there), the list of all routes, and the
 * compiled validator of a form (docs/decisions/0054).
 */
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { routeLetters } from '../../../engine/src/access/ability.ts';
import { entityJsonSchema, formSchema, formUiSchema } from '../../../engine/src/metadata/json-schema.ts';
import { formValidatorModule } from '../../../engine/src/metadata/form-validator.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';

export function metaRoutes(s: Services): FastifyPluginAsync {
  return async (app) => {
    // The form that opens a document of an entity (from an approval, a link): the form its first
    // list opens, else its first form with a record key.
    const screens = [...s.reg.screens.values()];
    const documentForm = new Map<string, string>();
    for (const sc of screens) {
      if (sc.kind === 'list' && sc.form && !documentForm.has(sc.entity)) documentForm.set(sc.entity, `${sc.module}/${sc.form}`);
    }
    for (const sc of screens) {
      if (sc.kind === 'form' && sc.params?.length && !documentForm.has(sc.entity)) documentForm.set(sc.entity, `${sc.module}/${sc.route}`);
    }
    app.get('/meta/routes', async () =>
      screens.map((sc) => ({
        module: sc.module,
        route: sc.route,
        kind: sc.kind,
        title: sc.title,
        params: sc.params,
        ...(sc.kind === 'home' ? {} : { entity: sc.entity }),
        ...(sc.kind === 'form' && documentForm.get(sc.entity) === `${sc.module}/${sc.route}` ? { opensDocument: true, key: s.reg.entity(sc.entity).key } : {}),
      })),
    );

    app.get<{ Params: { module: string; route: string } }>('/meta/screen/:module/:route', async (req) => {
      const a = authOf(req);
      const { module, route } = req.params;
      const screen = s.reg.screen(module, route);
      if (!screen) throw appError('ERR_ROUTE_NOT_FOUND');
      const letters = routeLetters(s.reg, a.ability, a.grants, module, route);
      if (!letters.includes('R')) throw appError('ERR_FORBIDDEN');
      if (screen.kind === 'home') return { ...screen, permission: letters };
      const e = s.reg.entity(screen.entity);
      const entity = {
        name: e.name,
        title: e.title,
        key: e.key,
        keyType: e.keyType,
        display: e.display ?? null,
        fields: e.fields.filter((f) => !f.hidden),
        children: e.children,
        lifecycle: e.lifecycle ?? [],
        // a numbered document prints with the document template (Print, letter P)
        printable: Boolean(e.numbering) || Boolean(e.prints?.length),
        // its named prints (a certificate, a pack), offered when `when` holds for the open document
        prints: (e.prints ?? []).map((p) => ({ name: p.name, title: p.title, ...(p.when ? { when: p.when } : {}) })),
      };
      if (screen.kind === 'form') {
        // the form's compiled validator, under the API root, named by the hash of its code
        const validator = `meta/validator/${encodeURIComponent(module)}/${encodeURIComponent(route)}/${formValidatorModule(s.reg, screen).hash}.js`;
        return { ...screen, permission: letters, entity, schema: formSchema(s.reg, screen), uiSchema: formUiSchema(s.reg, screen), validator };
      }
      return { ...screen, permission: letters, entity, schema: entityJsonSchema(s.reg, e) };
    });

    // The compiled validator of a form, an ES module the renderer imports (script-src 'self', no
    // 'unsafe-eval'). A module import cannot send the bearer token, so the address is the
    // credential: it names the SHA-256 of the code, which only the access-checked screen metadata
    // above gives out, and any other hash is "not found". The answer is the form's schema compiled,
    // the same for every user and company, never data; it never changes, so it is cached for good.
    app.get<{ Params: { module: string; route: string; file: string } }>('/meta/validator/:module/:route/:file', { config: { public: true, immutable: true } }, async (req, reply) => {
      const { module, route, file } = req.params;
      const screen = s.reg.screen(module, route);
      const hash = /^([0-9a-f]{64})\.js$/.exec(file)?.[1];
      if (!screen || screen.kind !== 'form' || !hash) throw appError('ERR_ROUTE_NOT_FOUND');
      const v = formValidatorModule(s.reg, screen);
      if (v.hash !== hash) throw appError('ERR_ROUTE_NOT_FOUND');
      return reply.type('text/javascript; charset=utf-8').send(v.code);
    });
  };
}
