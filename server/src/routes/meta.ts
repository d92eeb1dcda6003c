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
import { LANGUAGES, languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import { authOf } from '../auth/request.ts';
import { declaresSeals } from '../../../engine/src/records/seal-verify.ts';

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
    app.get('/meta/routes', async (req) => {
      const reg = localised(s.reg, languageOf(authOf(req).user));
      return screens.map((sc) => ({
        module: sc.module,
        route: sc.route,
        kind: sc.kind,
        // the title in the reader's language (decision 0144)
        title: reg.screen(sc.module, sc.route)?.title ?? sc.title,
        params: sc.params,
        ...(sc.kind === 'home' ? {} : { entity: sc.entity }),
        ...(sc.kind === 'form' && documentForm.get(sc.entity) === `${sc.module}/${sc.route}` ? { opensDocument: true, key: s.reg.entity(sc.entity).key } : {}),
      }));
    });

    app.get<{ Params: { module: string; route: string } }>('/meta/screen/:module/:route', async (req) => {
      const a = authOf(req);
      const { module, route } = req.params;
      if (!s.reg.screen(module, route)) throw appError('ERR_ROUTE_NOT_FOUND');
      const letters = routeLetters(s.reg, a.ability, a.grants, module, route);
      if (!letters.includes('R')) throw appError('ERR_FORBIDDEN');
      // the screen as the reader's language labels it (decision 0144): titles, columns, fields, enum
      // labels and the form's schema titles (its validator is compiled from that schema)
      const reg = localised(s.reg, languageOf(a.user));
      const screen = reg.screen(module, route);
      if (!screen) throw appError('ERR_ROUTE_NOT_FOUND');
      if (screen.kind === 'home') return { ...screen, permission: letters };
      const e = reg.entity(screen.entity);
      const entity = {
        name: e.name,
        title: e.title,
        key: e.key,
        keyType: e.keyType,
        display: e.display ?? null,
        fields: e.fields.filter((f) => !f.hidden),
        // each child with its lines' key (an action's `line` input sends the chosen line's key, decision 0317)
        children: e.children.map((c) => ({ ...c, key: reg.entity(c.entity).key })),
        lifecycle: e.lifecycle ?? [],
        // a numbered document prints with the document template (Print, letter P)
        printable: Boolean(e.numbering) || Boolean(e.prints?.length),
        // its named prints (a certificate, a pack), offered when `when` holds for the open document
        prints: (e.prints ?? []).filter((p) => !p.default).map((p) => ({ name: p.name, title: p.title, ...(p.when ? { when: p.when } : {}) })),
        // its records or their lines take sealed signatures: the form's Verify (decision 0305)
        sealed: declaresSeals(reg, e),
      };
      if (screen.kind === 'form') {
        // the form's compiled validator, under the API root, named by the hash of its code
        const validator = `meta/validator/${encodeURIComponent(module)}/${encodeURIComponent(route)}/${formValidatorModule(reg, screen).hash}.js`;
        return { ...screen, permission: letters, entity, schema: formSchema(reg, screen), uiSchema: formUiSchema(reg, screen), validator };
      }
      return { ...screen, permission: letters, entity, schema: entityJsonSchema(reg, e) };
    });

    // The compiled validator of a form, an ES module the renderer imports (script-src 'self', no
    // 'unsafe-eval'). A module import cannot send the bearer token, so the address is the
    // credential: it names the SHA-256 of the code, which only the access-checked screen metadata
    // above gives out, and any other hash is "not found". The answer is the form's schema compiled,
    // the same for every user and company, never data; it never changes, so it is cached for good.
    app.get<{ Params: { module: string; route: string; file: string } }>('/meta/validator/:module/:route/:file', { config: { public: true, immutable: true } }, async (req, reply) => {
      const { module, route, file } = req.params;
      const hash = /^([0-9a-f]{64})\.js$/.exec(file)?.[1];
      if (!s.reg.screen(module, route) || !hash) throw appError('ERR_ROUTE_NOT_FOUND');
      // the validator of the form's schema in one of the languages (its titles differ, its rules do not)
      for (const language of LANGUAGES) {
        const screen = localised(s.reg, language).screen(module, route);
        if (screen?.kind !== 'form') continue;
        const v = formValidatorModule(localised(s.reg, language), screen);
        if (v.hash === hash) return reply.type('text/javascript; charset=utf-8').send(v.code);
      }
      throw appError('ERR_ROUTE_NOT_FOUND');
    });
  };
}
