/**
 * The OpenAPI 3.1 document of the HTTP API, built from metadata and from the routes Fastify has
 * registered (GET /api/openapi.json, docs/api.md):
 *
 * - every entity gets its own paths under /api/data/{entity} (list, read, create, update, delete,
 *   export, print, lookups of its reference fields, its plugin actions), with the request schema
 *   the forms validate with (metadata/json-schema.ts) and the response schemas the server
 *   serialises with (metadata/row-schema.ts), and the permission letters each needs (`x-letters`);
 * - every other registered route (the spec's named calls) with the body, query and path schemas
 *   it declares, public or signed-in;
 * - the one error shape of engine/src/errors.ts.
 *
 *   const doc = openApiDocument(reg, plugins, routes);
 */
import type { Registry, EntityDef } from '../../../engine/src/metadata/registry.ts';
import { entityJsonSchema, type JsonSchema } from '../../../engine/src/metadata/json-schema.ts';
import { entityRowSchema, listPageSchema } from '../../../engine/src/metadata/row-schema.ts';
import { ERRORS } from '../../../engine/src/errors.ts';
import { declaresSeals } from '../../../engine/src/records/seal-verify.ts';

/** What the server keeps of each registered route (app.ts collects them with an onRoute hook). */
export interface RouteInfo {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; summary?: string };
  public: boolean;
}

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation>;

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_m, _a, ch: string) => ch.toUpperCase());
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
/** `/a/:b/c` → `/a/{b}/c` */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const errorResponses = (...codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), { $ref: `#/components/responses/E${c}` }]));

function pathParams(url: string, known: Record<string, JsonSchema> = {}): unknown[] {
  return [...url.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: known[m[1]] ?? { type: 'string' } }));
}

function queryParams(schema: unknown): unknown[] {
  const props = (schema as JsonSchema | undefined)?.properties ?? {};
  const required = new Set((schema as JsonSchema | undefined)?.required ?? []);
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

/** The paths of one entity, with their schemas and letters. */
/** The body fields of a signature action (engine/src/auth/signer.ts). */
const SIGNER_PROPERTIES = {
  password: { type: 'string', minLength: 1, maxLength: 200, description: "The signer's password: a session token alone never signs." },
  otp: { type: 'string', maxLength: 10, description: "The 6-digit code of the signer's authenticator (RFC 6238), required where the company requires a second factor; each code signs once." },
};

type DescribedAction = { name: string; label?: string; letter: string; row?: boolean; selection?: boolean; signature?: boolean };

function entityPaths(reg: Registry, e: EntityDef, actions: DescribedAction[]): Record<string, PathItem> {
  const base = `/api/data/${e.name}`;
  const tags = [e.module];
  const row = ref(`${pascal(e.name)}Row`);
  const input = ref(`${pascal(e.name)}Input`);
  const keyParam = { name: 'key', in: 'path', required: true, schema: { type: e.keyType === 'string' ? 'string' : 'integer' } };
  const lists = reg.screensOfEntity(e.name).filter((sc) => sc.kind === 'list' || sc.kind === 'report');
  const listQuery = [
    { name: 'route', in: 'query', description: 'The list screen (module/route) whose columns, filters and sort apply.', schema: { type: 'string', ...(lists.length ? { enum: lists.map((sc) => `${sc.module}/${sc.route}`) } : {}) } },
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
    { name: 'sortBy', in: 'query', schema: { type: 'string' } },
    { name: 'sortDir', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
    { name: 'q', in: 'query', description: 'Free text searched in the screen\'s search fields.', schema: { type: 'string' } },
  ];
  const title = e.title ?? e.name;
  const paths: Record<string, PathItem> = {
    [base]: {
      get: { tags, operationId: `list_${e.name}`, summary: `List ${title}`, 'x-letters': 'R', parameters: listQuery, responses: { '200': { description: 'One page of rows the user may read (the screen\'s columns when `route` is given).', content: json(listPageSchema(row as JsonSchema)) }, ...errorResponses(400, 401, 403, 404) } },
      post: { tags, operationId: `create_${e.name}`, summary: `Create ${title}`, 'x-letters': 'C', requestBody: { required: true, content: json(input) }, responses: { '200': { description: 'The row as saved.', content: json({ type: 'object', properties: { success: { const: 1 }, data: row } }) }, ...errorResponses(400, 401, 403, 409) } },
    },
    [`${base}/{key}`]: {
      get: { tags, operationId: `get_${e.name}`, summary: `Read one ${title}`, 'x-letters': 'R', parameters: [keyParam], responses: { '200': { description: 'The row with its lines.', content: json({ type: 'object', properties: { data: row } }) }, ...errorResponses(400, 401, 403, 404) } },
      put: { tags, operationId: `update_${e.name}`, summary: `Update ${title}`, 'x-letters': 'U', description: 'The body carries the `version` read; a newer one in the database is 409 ERR_STALE.', parameters: [keyParam], requestBody: { required: true, content: json(input) }, responses: { '200': { description: 'The row as saved.', content: json({ type: 'object', properties: { success: { const: 1 }, data: row } }) }, ...errorResponses(400, 401, 403, 404, 409) } },
      delete: { tags, operationId: `delete_${e.name}`, summary: `Delete ${title}`, 'x-letters': 'D', ...(e.retain ? { description: 'An airworthiness record: never deleted, 409 ERR_RETAINED (decision 0313).' } : {}), parameters: [keyParam], responses: { '200': { description: 'Deleted.', content: json({ type: 'object', properties: { success: { const: 1 } } }) }, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    [`${base}/{key}/print`]: {
      get: { tags, operationId: `print_${e.name}`, summary: `Print ${title} (HTML)`, 'x-letters': 'P', parameters: [keyParam], responses: { '200': { description: 'The printable HTML document.', content: { 'text/html': { schema: { type: 'string' } } } }, ...errorResponses(400, 401, 403, 404) } },
    },
    [`${base}/export`]: {
      get: { tags, operationId: `export_${e.name}`, summary: `Export ${title} to xlsx`, 'x-letters': 'RO', parameters: listQuery.filter((p) => p.name !== 'page' && p.name !== 'limit'), responses: { '200': { description: 'The filtered rows as a spreadsheet, streamed.', content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', contentEncoding: 'binary' } } } }, ...errorResponses(400, 401, 403, 404) } },
    },
  };
  const refs = [...e.fields, ...e.children.flatMap((c) => reg.entity(c.entity).fields)].filter((f) => f.type === 'reference').map((f) => f.name);
  if (refs.length) {
    paths[`${base}/lookup/{field}`] = {
      get: { tags, operationId: `lookup_${e.name}`, summary: `Rows a reference field of ${title} may point at`, 'x-letters': 'R, C or U', parameters: [{ name: 'field', in: 'path', required: true, schema: { type: 'string', enum: [...new Set(refs)] } }, ...listQuery.filter((p) => p.name !== 'route')], responses: { '200': { description: 'A page of candidate rows with `key` and `display`.', content: json({ type: 'object', properties: { meta: { type: 'object' }, columns: { type: 'array' }, list: { type: 'array', items: { type: 'object' } } } }) }, ...errorResponses(400, 401, 403, 404) } },
    };
  }
  for (const a of actions) {
    paths[`${base}/action/${a.name}`] = {
      post: {
        tags,
        operationId: `action_${e.name}_${a.name}`,
        summary: a.label ?? a.name,
        'x-letters': a.letter,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              ...(a.selection ? { keys: { type: 'array', items: { type: e.keyType === 'string' ? 'string' : 'integer' }, minItems: 1 } } : a.row ? { key: { type: e.keyType === 'string' ? 'string' : 'integer' } } : {}),
              ...(a.signature ? SIGNER_PROPERTIES : {}),
            },
            ...(a.selection || a.row || a.signature ? { required: [...(a.selection ? ['keys'] : a.row ? ['key'] : []), ...(a.signature ? ['password'] : [])] } : {}),
            additionalProperties: true,
          }),
        },
        ...(a.signature ? { description: 'A certifying signature: given only with the signer\'s password and, where the company requires a second factor, a code of their authenticator (decision 0301); failed attempts are throttled as sign-in is (429).' } : {}),
        responses: { '200': { description: 'What the action returns (usually the document as it is now).', content: json({}) }, ...errorResponses(400, 401, 403, 404, 409, ...(a.signature ? [429] : [])) },
      },
    };
  }
  return paths;
}

/**
 * The entities a route of `/data/:entity/…` serves (each route refuses the others with 404, so the
 * description lists it only for these): import for an entity with a list that is neither a system
 * table nor a view (server/src/routes/import.ts), a lookup's copy for an entity with a reference
 * field that declares `lookup.copy`, the others for every entity described.
 */
function servedBy(reg: Registry, url: string, e: EntityDef): boolean {
  if (url.startsWith('/api/data/:entity/import')) return !e.view && reg.screensOfEntity(e.name).some((sc) => sc.kind === 'list');
  if (url === '/api/data/:entity/lookup/:field/copy/:key') return copyFields(reg, e).length > 0;
  // Verify: an entity whose records, or their lines, take sealed signatures
  if (url === '/api/data/:entity/:key/verify') return declaresSeals(reg, e);
  return true;
}

/** The reference fields of an entity (or of its lines) whose lookup copies values into the form. */
function copyFields(reg: Registry, e: EntityDef): string[] {
  return [...new Set([...e.fields, ...e.children.flatMap((c) => reg.entity(c.entity).fields)].filter((f) => f.type === 'reference' && f.lookup?.copy).map((f) => f.name))];
}

/**
 * An entity is described when some role can call it: not a system table (sys_refresh_token,
 * sys_setting, sys_login_throttle, sys_rate_limit, sys_audit…, written by the server alone).
 */
export const describedEntity = (e: EntityDef): boolean => !e.system;

/** The answer of GET /api/data/{entity}/{key}/verify (engine/src/records/seal-verify.ts RecordVerification). */
const VERIFY_SCHEMA = {
  type: 'object',
  required: ['entity', 'key', 'intact', 'seals'],
  properties: {
    entity: { type: 'string' },
    key: { type: 'string' },
    intact: { type: 'boolean' },
    seals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seal_id', 'entity', 'record_key', 'kind', 'title', 'record', 'signer', 'signer_name', 'signed_at', 'hash', 'short', 'canon_version', 'status', 'fields', 'labels', 'changes'],
        properties: {
          seal_id: { type: 'integer' },
          entity: { type: 'string' },
          record_key: { type: 'string' },
          kind: { type: 'string' },
          title: { type: 'string' },
          record: { type: 'string' },
          signer: { type: 'integer' },
          signer_name: { type: 'string' },
          signed_at: { type: 'string', format: 'date-time' },
          hash: { type: 'string', description: 'SHA-256, hex' },
          short: { type: 'string', description: 'The first 12 hex characters, as printed' },
          canon_version: { type: 'string' },
          status: { type: 'string', enum: ['intact', 'changed', 'seal_altered', 'missing', 'superseded'] },
          fields: { type: 'array', items: { type: 'string' } },
          labels: { type: 'array', items: { type: 'string' } },
          changes: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, signed: {}, now: {} } } },
        },
      },
    },
  },
} as const;

/** The generic /data/:entity routes that entityPaths describes with their schemas and letters. */
const DESCRIBED = new Set(['/api/data/:entity', '/api/data/:entity/:key', '/api/data/:entity/:key/print', '/api/data/:entity/export', '/api/data/:entity/lookup/:field', '/api/data/:entity/action/:name']);

/** A registered route as it declared itself: its path, query and body schemas, public or not. */
function addRoute(paths: Record<string, PathItem>, r: RouteInfo, path: string, tag: string): void {
    const method = r.method.toLowerCase();
    const op: Operation = {
      tags: [tag],
      operationId: `${method}_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
      summary: `${r.method} ${path}`,
      parameters: [...pathParams(path), ...queryParams(r.schema?.querystring)],
      // what any route can answer: a refused body or query (400), no or a stale token (401), a
      // missing letter (403), an unknown record (404), a state that refuses it (409), a throttled
      // sign-in or registration (429)
      // and readiness answers 503 while the database is down or its migrations are pending (server/src/ops/routes.ts)
      responses: { '200': { description: 'Success.' }, ...errorResponses(400, 401, ...(r.public ? [] : [403]), 404, 409, 429, ...(path === '/api/ready' ? [503] : [])) },
    };
    if (r.public) op.security = [];
    if (r.schema?.body) op.requestBody = { required: true, content: json(r.schema.body) };
    if (path === '/api/ws') op.description = 'Websocket upgrade: the access token is the first message (docs/architecture.md, Real time).';
    if (r.url === '/api/data/:entity/:key/verify') {
      // decision 0305: the seals of the record and of its sealed lines, recomputed now
      op.summary = 'Verify the signatures of a record';
      op.description = 'Recomputes each seal (SHA-256 over the RFC 8785 canonical form of what was signed, decision 0305) of the record and of its sealed lines from the rows as they are now. `intact` is false when a seal is `changed` (the `fields` that no longer match are named, with what was signed and what is there now), `seal_altered` (the seal row itself was changed) or `missing`. Needs R on the record (404 otherwise, and for an entity that takes no signatures).';
      op.responses = { '200': { description: 'The verification.', content: json(VERIFY_SCHEMA) }, ...errorResponses(400, 401, 403, 404) };
    }
    (paths[path] ??= {})[method] = op;
}

export function openApiDocument(reg: Registry, routes: RouteInfo[], opts: { version?: string } = {}): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['message', 'code', 'statusCode'],
      properties: {
        message: { type: 'string', description: 'The text shown to the user (the product spec\'s words).' },
        code: { type: 'string', enum: Object.keys(ERRORS) },
        statusCode: { type: 'integer' },
        errors: { type: 'array', description: 'Field errors: the JSON pointer of the field and what is wrong.', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  };
  const paths: Record<string, PathItem> = {};
  const entities = [...reg.entities.values()].filter(describedEntity).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entities) {
    schemas[`${pascal(e.name)}Row`] = entityRowSchema(reg, e);
    schemas[`${pascal(e.name)}Input`] = entityJsonSchema(reg, e);
    const actions = new Map<string, DescribedAction>();
    for (const sc of reg.screensOfEntity(e.name)) if (sc.kind === 'list' || sc.kind === 'form') for (const a of sc.actions) if (!actions.has(a.name)) actions.set(a.name, a as { name: string; letter: string });
    Object.assign(paths, entityPaths(reg, e, [...actions.values()]));
  }

  // The other registered routes. The generic /data/:entity routes described per entity above are
  // skipped; any other route of an entity (prints, history, import) is listed once per entity.
  for (const r of routes) {
    if (!r.url.startsWith('/api/') || DESCRIBED.has(r.url) || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    const template = openApiPath(r.url);
    const perEntity = template.includes('{entity}') ? entities.filter((e) => servedBy(reg, r.url, e)).map((e) => ({ e, path: template.replace('{entity}', e.name), tag: e.module })) : [{ e: undefined, path: template, tag: r.url.split('/')[2] ?? 'api' }];
    for (const { e, path, tag } of perEntity) {
      addRoute(paths, r, path, tag);
      // a lookup's copy names the fields that copy
      if (e && r.url === '/api/data/:entity/lookup/:field/copy/:key') {
        const op = paths[path]?.get as { parameters: { name: string; schema: unknown }[] };
        for (const p of op.parameters) if (p.name === 'field') p.schema = { type: 'string', enum: copyFields(reg, e) };
      }
    }
  }

  const responses = Object.fromEntries(
    [400, 401, 403, 404, 409, 413, 429, 503].map((c) => [
      `E${c}`,
      {
        description: Object.entries(ERRORS)
          .filter(([, v]) => v.status === c)
          .map(([k, v]) => `${k}: ${v.message}`)
          .join('; '),
        content: json(ref('Error')),
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'AeroERP API',
      version: opts.version ?? '0.1.0',
      description:
        'Generated from metadata. Every call except the public ones needs `Authorization: Bearer <access token>` (POST /api/auth/signin). `x-letters` names the permission letters (C create, R read, U update, D delete, P print, O other) the user must hold on the screen of the entity in the active company; rows of another company are 404. Errors have one shape (`Error`).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(entities.map((e) => e.module))].map((name) => ({ name, description: reg.modules.get(name)?.title ?? name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas, responses },
  };
}
