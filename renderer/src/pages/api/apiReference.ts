/**
 * The API reference's reading of the OpenAPI document (GET /api/openapi.json, docs/api.md): the
 * calls of each entity (a generic data path, /api/data/{entity}/...) under the module tag of their
 * first call, and the other calls, narrowed by a filter on path or summary; an entity's input
 * schema by its name.
 *
 *   groupOperations(doc, 'warehouse').entities.get('store_warehouse')?.ops   // [['get', '/api/data/store_warehouse', …], …]
 *   schemaName('store_warehouse')   // 'StoreWarehouseInput'
 */
export interface Operation {
  summary?: string;
  tags?: string[];
  'x-letters'?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}
export interface SchemaProp {
  type?: string | string[];
  title?: string;
}
export interface OpenApi {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { title?: string; properties?: Record<string, SchemaProp>; required?: string[] }> };
}

/** The entity of a generic data path (/api/data/{entity}/...), or undefined. */
export const entityOf = (path: string) => /^\/api\/data\/([^/{]+)/.exec(path)?.[1];

/** One call: its method, its path and its operation. */
export type Call = [string, string, Operation];

export interface CallGroups {
  entities: Map<string, { tag: string; ops: Call[] }>;
  other: Call[];
}

/** The document's calls by entity (in path order, each under its first call's tag) and the others, those matching `filter` (case-insensitive) only. */
export function groupOperations(data: OpenApi | undefined, filter: string): CallGroups {
  const entities = new Map<string, { tag: string; ops: Call[] }>();
  const other: Call[] = [];
  if (!data) return { entities, other };
  const f = filter.trim().toLowerCase();
  for (const [path, item] of Object.entries(data.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (f && !`${path} ${op.summary ?? ''}`.toLowerCase().includes(f)) continue;
      const e = entityOf(path);
      if (!e) other.push([method, path, op]);
      else {
        const g = entities.get(e) ?? { tag: op.tags?.[0] ?? '', ops: [] };
        g.ops.push([method, path, op]);
        entities.set(e, g);
      }
    }
  }
  return { entities, other };
}

/** The name of an entity's input schema in the document's components. */
export const schemaName = (e: string) => `${e.replace(/(^|_)([a-z0-9])/g, (_m, _a, c: string) => c.toUpperCase())}Input`;
