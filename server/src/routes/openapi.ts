/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of this server (server/src/api/openapi.ts),
 * built once from the metadata and the routes registered at start-up. Any signed-in user may read
 * it (it names screens and fields, not data); the API reference page (/api-reference) shows it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.ts';
import { openApiDocument, type RouteInfo } from '../api/openapi.ts';

export function openApiRoutes(s: Services, routes: RouteInfo[]): FastifyPluginAsync {
  return async (app) => {
    let doc: Record<string, unknown> | undefined;
    app.get('/openapi.json', async () => (doc ??= openApiDocument(s.reg, routes)));
  };
}
