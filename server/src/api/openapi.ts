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
import { AIRCRAFT_RECORDS_SCHEMA } from '../../../plugins/transfer/format.ts';
import type { Registry, EntityDef } from '../../../engine/src/metadata/registry.ts';
import { entityJsonSchema, type JsonSchema } from '../../../engine/src/metadata/json-schema.ts';
import { entityRowSchema, listPageSchema } from '../../../engine/src/metadata/row-schema.ts';
import { errorCatalogue } from '../../../engine/src/errors.ts';
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
      get: { tags, operationId: `lookup_${e.name}`, summary: `Rows a reference field of ${title} may point at`, 'x-letters': 'R, C or U', parameters: [{ name: 'field', in: 'path', required: true, schema: { type: 'string', enum: [...new Set(refs)] } }, ...listQuery.filter((p) => p.name !== 'route'), { name: 'key', in: 'query', description: 'The row a document holds (its key), to show its display: that row of the company scope, offered by the lookup or not; `q` and the lookup\'s own filters do not apply. A numeric key that is not a number is 400.', schema: { type: 'string' } }], responses: { '200': { description: 'A page of candidate rows with `key` and `display`.', content: json({ type: 'object', properties: { meta: { type: 'object' }, columns: { type: 'array' }, list: { type: 'array', items: { type: 'object' } } } }) }, ...errorResponses(400, 401, 403, 404) } },
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
              ...(a.row && !a.signature ? { save: { type: 'object', description: "The record's unsaved edits (the update body with its version): saved in the action's own transaction before it runs; a refused action leaves them unsaved (decision 0375)." } } : {}),
            },
            ...(a.selection || a.row || a.signature ? { required: [...(a.selection ? ['keys'] : a.row ? ['key'] : []), ...(a.signature ? ['password'] : [])] } : {}),
            additionalProperties: true,
          }),
        },
        ...(a.signature ? { description: 'A certifying signature: given only with the signer\'s password and, where the company requires a second factor, a code of their authenticator (decision 0301); failed attempts are throttled as sign-in is (429).' } : {}),
        responses: { '200': { description: 'What the action returns (usually the document as it is now).', content: json({}) }, ...errorResponses(400, 401, 403, 404, 409, ...(a.signature ? [429] : [])) },
      },
    };
    if (a.signature) {
      // decision 0316: what the signature will record, before it is given
      paths[`${base}/action/${a.name}/preview`] = {
        get: {
          tags,
          operationId: `preview_${e.name}_${a.name}`,
          summary: `What ${a.label ?? a.name} will sign`,
          'x-letters': a.letter,
          description: 'What this signature will record on the record, read now and nothing written (decision 0316): the document as screens name it, what is signed (the text, the aircraft, the hours and cycles that will be recorded), the authorisation it will be given under, the signer, and `refusal`: why the signature would be refused now (a blank card, an order not released for work, no authorisation covering it), null when it would be taken. The signature itself is the POST of the action with the password and code.',
          parameters: a.row ? [{ name: 'key', in: 'query', required: true, schema: { type: e.keyType === 'string' ? 'string' : 'integer' } }] : [],
          responses: { '200': { description: 'What will be signed.', content: json(PREVIEW_SCHEMA) }, ...errorResponses(400, 401, 403, 404) },
        },
      };
    }
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

/** The answer of GET /api/data/{entity}/action/{name}/preview (engine/src/crud/preview-action.ts ActionPreview). */
const PREVIEW_SCHEMA = {
  type: 'object',
  required: ['action', 'label', 'document', 'items', 'authorisation', 'signer', 'refusal'],
  properties: {
    action: { type: 'string' },
    label: { type: 'string' },
    document: { type: 'string' },
    items: { type: 'array', items: { type: 'object', required: ['label', 'value'], properties: { label: { type: 'string' }, value: { type: 'string' } } } },
    authorisation: { type: ['string', 'null'], description: 'The authorisation number and version the signature will be given under; null when the signature needs none (Performed).' },
    signer: { type: 'object', required: ['user_id', 'name'], properties: { user_id: { type: 'integer' }, name: { type: 'string' } } },
    refusal: { type: ['string', 'null'], description: 'Why the signature would be refused now, in the words the action would answer.' },
  },
} as const;

/** The generic /data/:entity routes that entityPaths describes with their schemas and letters. */
const DESCRIBED = new Set(['/api/data/:entity', '/api/data/:entity/:key', '/api/data/:entity/:key/print', '/api/data/:entity/export', '/api/data/:entity/lookup/:field', '/api/data/:entity/action/:name', '/api/data/:entity/action/:name/preview']);

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
    if (r.url.startsWith('/api/records-transfer/')) describeRecordsTransfer(r.url, op);
    const oidc = OIDC_OPERATIONS[r.url];
    if (oidc) Object.assign(op, oidc);
    (paths[path] ??= {})[method] = op;
}

/** The aircraft records transfer routes (docs/records-transfer.md, decisions 0360-0362): the file's schema is components.schemas.AircraftRecords. */
function describeRecordsTransfer(url: string, op: Operation): void {
  const file = { description: 'The aircraft records file.', content: json(ref('AircraftRecords')) };
  if (url === '/api/records-transfer/aircraft/:key') {
    op.summary = 'Export an aircraft\'s records (file)';
    op.description = 'The aircraft\'s complete records as of the business date, as one versioned JSON file (a download). Needs P on the fleet; another company\'s aircraft is 404.';
    op.responses = { '200': file, ...errorResponses(400, 401, 403, 404) };
  } else if (url === '/api/records-transfer/aircraft/:key/zip') {
    op.summary = 'Export an aircraft\'s records with its documents (zip)';
    op.description = 'A zip of `records.json` (components.schemas.AircraftRecords) and, per work order released to service, `crs/<WO>.pdf` and `work-pack/<WO>.pdf`, printed through the print route as the caller. Needs P on the fleet (and on the work orders); 503 when PDF printing is unavailable.';
    op.responses = { '200': { description: 'The zip.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses(400, 401, 403, 404, 503) };
  } else if (url === '/api/records-transfer/sheets/template') {
    op.summary = 'Fleet migration workbook (template)';
    op.description = 'An xlsx with a Read me sheet and one sheet per record kind (Aircraft, Components, Tasks, AD-SB, Deferrals): row 1 the field names, row 2 help and units (hours H:MM, dates YYYY-MM-DD; * required). Needs C on the fleet. docs/records-transfer.md, "Migration from spreadsheets".';
    op.responses = { '200': { description: 'The template.', content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses(401, 403) };
  } else if (url === '/api/records-transfer/sheets') {
    op.summary = 'Import a fleet from its migration workbook';
    op.description =
      'multipart/form-data with one `file` (the filled template, up to 20 MB). Each aircraft of the workbook is turned into a records file (components.schemas.AircraftRecords) and checked and written by the records import; the fleet is written whole or not at all, in one transaction. `dryRun=1` checks and writes nothing. Answers NDJSON: `{"progress":n,"total":m}` per aircraft, then `{"result":…}` (the schema below) or `{"error":{message, code, statusCode, errors?}}`. Every problem names its cell (`Components!F14`) and aircraft. Needs C on the fleet.';
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } } };
    const problem = { type: 'object', required: ['kind', 'cell', 'sheet', 'row', 'column', 'registration', 'item', 'message'], properties: { kind: { type: 'string' }, cell: { type: 'string', description: 'Sheet and cell, e.g. Components!F14.' }, sheet: { type: 'string' }, row: { type: 'integer' }, column: { type: 'string' }, registration: { type: ['string', 'null'] }, item: { type: 'string' }, message: { type: 'string' } } };
    op.responses = {
      '200': {
        description: 'NDJSON lines; the last is the result.',
        content: {
          'application/x-ndjson': {
            schema: {
              type: 'object',
              properties: {
                progress: { type: 'integer' },
                total: { type: 'integer' },
                result: {
                  type: 'object',
                  required: ['success', 'dry_run', 'committed', 'message', 'rows', 'aircraft', 'problems'],
                  properties: {
                    success: { type: 'integer' },
                    dry_run: { type: 'boolean' },
                    committed: { type: 'boolean' },
                    message: { type: 'string' },
                    rows: { type: 'integer' },
                    aircraft: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['registration', 'aircraft_id', 'counts', 'due_items', 'problems', 'could_not_place', 'programme_without_record'],
                        properties: { registration: { type: 'string' }, aircraft_id: { type: ['integer', 'null'] }, counts: { type: 'object', additionalProperties: { type: 'integer' } }, due_items: { type: 'integer' }, problems: { type: 'array', items: problem }, could_not_place: { type: 'array', items: problem }, programme_without_record: { type: 'array', items: { type: 'string' } } },
                      },
                    },
                    problems: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string' }, path: { type: 'string', description: 'The cell.' }, item: { type: 'string' }, message: { type: 'string' }, registration: { type: ['string', 'null'] } } } },
                  },
                },
                error: { type: 'object' },
              },
            },
          },
        },
      },
      ...errorResponses(400, 401, 403, 413),
    };
  } else if (url === '/api/records-transfer/import') {
    op.summary = 'Import an aircraft\'s records';
    op.description =
      'Reads a records file (components.schemas.AircraftRecords, up to 20 MB) into the active company against its programme for the type: `dryRun` previews and writes nothing; `mode` all (default: nothing is written while any problem is listed) or matched (tasks without a match kept as record items and listed). Every problem is listed with its kind, item and path in the file. Needs C on the fleet.';
    if (op.requestBody) op.requestBody = { required: true, content: json({ type: 'object', required: ['file'], properties: { file: ref('AircraftRecords'), dryRun: { type: 'boolean' }, mode: { type: 'string', enum: ['all', 'matched'] }, filename: { type: 'string', maxLength: 200 } } }) };
    op.responses = {
      '200': {
        description: 'What was (or would be) imported, and the problems.',
        content: json({
          type: 'object',
          required: ['success', 'dry_run', 'committed', 'message', 'registration', 'aircraft_id', 'counts', 'problems', 'programme_without_record', 'due_items'],
          properties: {
            success: { type: 'integer' },
            dry_run: { type: 'boolean' },
            committed: { type: 'boolean' },
            message: { type: 'string' },
            registration: { type: 'string' },
            aircraft_id: { type: ['integer', 'null'] },
            counts: { type: 'object', additionalProperties: { type: 'integer' } },
            problems: {
              type: 'array',
              items: {
                type: 'object',
                required: ['kind', 'path', 'item', 'message', 'blocking'],
                properties: {
                  kind: { enum: ['file', 'type', 'registration', 'unknown_task', 'unknown_limit', 'unknown_ad', 'unknown_sb', 'no_position', 'duplicate_serial', 'unknown_assembly', 'mel_category'] },
                  path: { type: 'string', description: 'JSON pointer into the file.' },
                  item: { type: 'string' },
                  message: { type: 'string' },
                  blocking: { type: 'boolean', description: 'Refuses the file in mode matched too.' },
                },
              },
            },
            programme_without_record: { type: 'array', items: { type: 'string' } },
            due_items: { type: 'integer' },
          },
        }),
      },
      ...errorResponses(400, 401, 403, 404, 409, 413),
    };
  }
}

/** The company sign-in's routes (server/src/routes/oidc.ts, decision 0335): browser redirects and their answers. */
const OIDC_OPERATIONS: Record<string, Operation> = {
  '/api/auth/oidc/provider': {
    summary: "The company's identity provider",
    description: 'Public: the name the login page shows ("Sign in with <provider name>"). 404 `ERR_OIDC_NOT_CONFIGURED` when the company has no active provider.',
    responses: { '200': { description: 'The provider.', content: json({ type: 'object', required: ['compcode', 'provider_name'], properties: { compcode: { type: 'string' }, provider_name: { type: 'string' } } }) }, ...errorResponses(400, 404) },
  },
  '/api/auth/oidc/start': {
    summary: 'Start the company sign-in',
    description: "Public, a browser navigation: 302 to the provider's authorization endpoint (authorization code, PKCE S256, state and nonce), with the flow in an encrypted HttpOnly cookie (10 minutes). 404 `ERR_OIDC_NOT_CONFIGURED`; 401 `ERR_OIDC_PROVIDER` when the provider cannot be discovered.",
    responses: { '302': { description: "To the provider's authorization endpoint.", headers: { Location: { schema: { type: 'string' } }, 'Set-Cookie': { schema: { type: 'string' } } } }, ...errorResponses(400, 401, 404) },
  },
  '/api/auth/oidc/callback': {
    summary: "The provider's answer",
    description: 'Public, the redirect address registered at the provider (`<PUBLIC_URL>/api/auth/oidc/callback`). Checks state, issuer, PKCE, the ID token and nonce, matches the claim to an account of the company, and answers 303 to `/page/login?oidc=done` with the sign-in in a one-use cookie (2 minutes), or to `/page/login?oidc_error=<code>` (`ERR_OIDC_STATE`, `ERR_OIDC_PROVIDER`, `ERR_OIDC_UNMATCHED`, `ERR_USER_INACTIVE`, `ERR_OIDC_NOT_CONFIGURED`).',
    responses: { '303': { description: 'To the login page, signed in or with the refusal code.', headers: { Location: { schema: { type: 'string' } } } }, ...errorResponses(400) },
  },
  '/api/auth/oidc/session': {
    summary: 'Take the company sign-in',
    description: 'Public: the sign-in of the callback\'s cookie, once, answered as POST /api/auth/signin answers it, with `signout_url`: the provider\'s end-session address (null when it publishes none). 400 `ERR_OIDC_STATE` without the cookie or when it was already used.',
    responses: { '200': { description: 'Signed in.', content: json({ type: 'object', required: ['success', 'token', 'refresh_token', 'user', 'signout_url'], properties: { success: { const: 1 }, token: { type: 'string' }, refresh_token: { type: 'string' }, user: { type: 'object' }, defaultpw: { const: false }, tglaktif: {}, tglkoran: {}, signout_url: { type: ['string', 'null'] } } }) }, ...errorResponses(400, 401, 403) },
  },
  '/api/auth/oidc/providers/:id/client-secret': {
    summary: "Set a provider's client secret",
    description: 'U on Company Sign-in in the active company (another company\'s provider is 404). The secret is kept on the server: never answered, never in the history. `null` removes it (a public client: PKCE only).',
    responses: { '200': { description: 'Kept.', content: json({ type: 'object', properties: { success: { const: 1 }, message: { type: 'string' } } }) }, ...errorResponses(400, 401, 403, 404, 409) },
  },
};

export function openApiDocument(reg: Registry, routes: RouteInfo[], opts: { version?: string } = {}): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['message', 'code', 'statusCode'],
      properties: {
        message: { type: 'string', description: 'The text shown to the user (the product spec\'s words).' },
        code: { type: 'string', enum: [...errorCatalogue().keys()] },
        statusCode: { type: 'integer' },
        errors: { type: 'array', description: 'Field errors: the JSON pointer of the field and what is wrong.', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  };
  schemas.AircraftRecords = AIRCRAFT_RECORDS_SCHEMA;
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
        description: [...errorCatalogue()]
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
