/**
 * Metadata for the renderer: the screen definition of a route (with the JSON Schema and uiSchema
 * its form validates with, and the letters the user holds there) and the list of all routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { routeLetters } from '../../../engine/src/access/ability.ts';
import { entityJsonSchema, formSchema, formUiSchema } from '../../../engine/src/metadata/json-schema.ts';
import type { Services } from '../services.ts';
import { authOf } from '../app.ts';

export function metaRoutes(s: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/meta/routes', async () =>
      [...s.reg.screens.values()].map((sc) => ({
        module: sc.module,
        route: sc.route,
        kind: sc.kind,
        title: sc.title,
        params: sc.params,
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
      };
      if (screen.kind === 'form') {
        return { ...screen, permission: letters, entity, schema: formSchema(s.reg, screen), uiSchema: formUiSchema(s.reg, screen) };
      }
      return { ...screen, permission: letters, entity, schema: entityJsonSchema(s.reg, e) };
    });
  };
}
