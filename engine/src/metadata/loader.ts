/**
 * Reads every `metadata/**\/*.yaml`, validates each document against metadata.schema.json (ajv),
 * runs the cross-file checks and returns a normalised Registry. Any problem throws a
 * MetadataError listing every error as `file: path: reason`; the server refuses to start on it.
 *
 *   const reg = await loadMetadata('/app/metadata');
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseDocument, LineCounter } from 'yaml';
import Handlebars from 'handlebars';
import schema from './metadata.schema.json' with { type: 'json' };
import type { MetadataDocument, Column, Filter, FormField } from './types.gen.ts';
import { checkLookup } from '../query/lookup.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, translationFileLanguage, type Dictionary } from './i18n.ts';
import {
  Registry,
  type ColumnDef,
  type EntityDef,
  type FieldDef,
  type FilterDef,
  type FormFieldDef,
  type PrintDef,
  type ScreenDef,
} from './registry.ts';
import { STATUS } from '../workflow/status.ts';
import { checkStoredViews } from './stored-check.ts';

export interface MetadataProblem {
  file: string;
  path: string;
  reason: string;
}

export class MetadataError extends Error {
  readonly problems: MetadataProblem[];
  constructor(problems: MetadataProblem[]) {
    super(
      `Metadata is invalid (${problems.length} error${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  ${p.file}: ${p.path || '/'}: ${p.reason}`).join('\n'),
    );
    this.name = 'MetadataError';
    this.problems = problems;
  }
}

/** Columns every table gets; entity fields may not use these names. */
const RESERVED_COLUMNS = ['compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false });
const validateDoc = ajv.compile<MetadataDocument>(schema);
/** A translation file (decision 0144): the module it translates and its texts by English text. */
const validateDictionary = ajv.compile<{ module: string; labels: Record<string, string> }>({
  type: 'object',
  required: ['module', 'labels'],
  additionalProperties: false,
  properties: {
    module: { type: 'string', minLength: 1 },
    labels: { type: 'object', additionalProperties: { type: 'string', minLength: 1, maxLength: 500 } },
  },
});

function describeAjvError(e: ErrorObject): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown property '${(e.params as { additionalProperty: string }).additionalProperty}'`;
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'required':
      return `missing required property '${(e.params as { missingProperty: string }).missingProperty}'`;
    default:
      return e.message ?? e.keyword;
  }
}

/** Keeps the most useful ajv errors: drops oneOf noise when a branch-specific error exists. */
function ajvProblems(file: string, errors: ErrorObject[]): MetadataProblem[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'type');
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: MetadataProblem[] = [];
  for (const e of chosen) {
    const p = { file, path: e.instancePath, reason: describeAjvError(e) };
    const k = `${p.path}|${p.reason}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  }
  return out;
}

async function listYaml(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    const entries = await readdir(d, { withFileTypes: true });
    for (const ent of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, ent.name);
      if (ent.isDirectory()) await walk(p);
      else if (ent.isFile() && /\.(ya?ml|sql|hbs)$/.test(ent.name)) out.push(p);
    }
  }
  await walk(dir);
  return out;
}

export interface SourceDocument {
  file: string;
  text: string;
}

/** Other files beside the YAML (a view's `.sql`), by path relative to its metadata root. */
export type SideFiles = Map<string, string>;

/** Loads every YAML file under `root` (and any extra roots, e.g. a configurator's folder). */
export async function loadMetadata(root: string | string[]): Promise<Registry> {
  const roots = Array.isArray(root) ? root : [root];
  const sources: SourceDocument[] = [];
  const side: SideFiles = new Map();
  for (const r of roots) {
    for (const f of await listYaml(r)) {
      const file = relative(r, f).split(sep).join('/');
      const text = await readFile(f, 'utf8');
      if (f.endsWith('.sql') || f.endsWith('.hbs')) side.set(file, text);
      else sources.push({ file, text });
    }
  }
  return buildRegistry(sources, side);
}

/** Parses, validates and cross-checks documents given as text (used by loadMetadata and tests). */
export function buildRegistry(sources: SourceDocument[], side: SideFiles = new Map()): Registry {
  const problems: MetadataProblem[] = [];
  const docs: { file: string; doc: MetadataDocument }[] = [];
  const dictionaries: Dictionary[] = [];
  for (const src of sources) {
    const lc = new LineCounter();
    const parsed = parseDocument(src.text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
    if (parsed.errors.length > 0) {
      for (const err of parsed.errors) {
        const pos = lc.linePos(err.pos[0]);
        problems.push({ file: src.file, path: `line ${pos.line}, column ${pos.col}`, reason: err.message.split('\n')[0] });
      }
      continue;
    }
    const value: unknown = parsed.toJS();
    if (value === null || value === undefined) {
      problems.push({ file: src.file, path: '', reason: 'the file is empty' });
      continue;
    }
    const language = translationFileLanguage(src.file);
    if (language !== null) {
      const d = dictionaryOf(src.file, language, value, problems);
      if (d) dictionaries.push(d);
      continue;
    }
    if (!validateDoc(value)) {
      problems.push(...ajvProblems(src.file, validateDoc.errors ?? []));
      continue;
    }
    docs.push({ file: src.file, doc: value });
  }
  if (problems.length > 0) throw new MetadataError(problems);

  const reg = new Registry();
  for (const { file } of docs) reg.files.push(file);
  collect(reg, docs, problems, side);
  if (problems.length === 0) crossCheck(reg, problems);
  if (problems.length === 0) checkStoredViews(reg, problems);
  if (problems.length === 0) addDictionaries(reg, dictionaries, problems);
  if (problems.length > 0) throw new MetadataError(problems);
  return reg;
}

/** A translation file read and validated (its shape and language); its module is checked once modules are known. */
function dictionaryOf(file: string, language: string, value: unknown, problems: MetadataProblem[]): Dictionary | undefined {
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) {
    const others = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).join(', ');
    problems.push({ file, path: '', reason: `'${language}' is not a language to translate into (the file name is the language: ${others}; English is the metadata's own text)` });
    return undefined;
  }
  if (!validateDictionary(value)) {
    problems.push(...ajvProblems(file, validateDictionary.errors ?? []));
    return undefined;
  }
  return { file, language, module: value.module, labels: new Map(Object.entries(value.labels)) };
}

/** Translation files name a declared module, one file per module and language. */
function addDictionaries(reg: Registry, dictionaries: Dictionary[], problems: MetadataProblem[]): void {
  for (const d of dictionaries) {
    if (!reg.modules.has(d.module)) {
      problems.push({ file: d.file, path: '/module', reason: `module '${d.module}' is not declared in any modules list` });
      continue;
    }
    let byModule = reg.dictionaries.get(d.language);
    if (!byModule) reg.dictionaries.set(d.language, (byModule = new Map()));
    const other = byModule.get(d.module);
    if (other) {
      problems.push({ file: d.file, path: '/module', reason: `module ${d.module} already has its ${d.language} translations in ${other.file}` });
      continue;
    }
    byModule.set(d.module, d);
  }
}

function titleCase(name: string): string {
  return name
    .replace(/[_-]+/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .trim();
}

// Labels left empty here are filled from the entity's field labels once all entities are known.
function normColumn(c: Column): ColumnDef {
  if (typeof c === 'string') return { field: c, label: '', sortable: true };
  return {
    field: c.field,
    label: c.label ?? '',
    sortable: c.sortable ?? true,
    format: c.format,
    width: c.width,
  };
}

function normFilter(f: Filter): FilterDef {
  if (typeof f === 'string') return { field: f, op: 'eq', label: '', param: f };
  return { field: f.field, op: f.op ?? 'eq', label: f.label ?? '', param: f.param ?? f.field };
}

function normFormField(f: FormField): FormFieldDef {
  return typeof f === 'string' ? { field: f } : { ...f };
}

/** A view's SELECT: inline (`view`) or in a `.sql` file beside the YAML (`viewFile`). */
function viewSql(file: string, at: string, e: { view?: string; viewFile?: string }, side: SideFiles, problems: MetadataProblem[]): string | undefined {
  if (e.viewFile === undefined) return e.view;
  if (e.view !== undefined) problems.push({ file, path: `${at}/viewFile`, reason: 'give either view or viewFile, not both' });
  const path = posix.normalize(posix.join(posix.dirname(file), e.viewFile));
  const sql = side.get(path);
  if (sql === undefined) problems.push({ file, path: `${at}/viewFile`, reason: `view file '${path}' not found` });
  else if (sql.trim().length < 10) problems.push({ file, path: `${at}/viewFile`, reason: `view file '${path}' is empty` });
  return sql;
}

/** An entity's named prints with their templates read from the .hbs files beside the YAML (compiled once here, so a broken template fails the load). */
function printsOf(file: string, at: string, e: { prints?: { name: string; title: string; templateFile: string; when?: Record<string, unknown>; message?: string }[] }, fieldNames: Set<string>, side: SideFiles, problems: MetadataProblem[]): PrintDef[] | undefined {
  if (!e.prints) return undefined;
  const seen = new Set<string>();
  return e.prints.map((p, i) => {
    const path = posix.normalize(posix.join(posix.dirname(file), p.templateFile));
    const source = side.get(path);
    if (seen.has(p.name)) problems.push({ file, path: `${at}/prints/${i}/name`, reason: `print '${p.name}' is declared twice` });
    seen.add(p.name);
    if (source === undefined) problems.push({ file, path: `${at}/prints/${i}/templateFile`, reason: `template file '${path}' not found` });
    else {
      try {
        Handlebars.precompile(source, { strict: false });
      } catch (err) {
        problems.push({ file, path: `${at}/prints/${i}/templateFile`, reason: `template '${path}' does not compile: ${(err as Error).message.split('\n')[0]}` });
      }
    }
    for (const f of Object.keys(p.when ?? {})) if (!fieldNames.has(f)) problems.push({ file, path: `${at}/prints/${i}/when/${f}`, reason: `'${f}' is not a field of the entity` });
    return { name: p.name, title: p.title, template: source ?? '', ...(p.when ? { when: p.when as PrintDef['when'] } : {}), ...(p.message ? { message: p.message } : {}) };
  });
}

function collect(reg: Registry, docs: { file: string; doc: MetadataDocument }[], problems: MetadataProblem[], side: SideFiles): void {
  const tables = new Map<string, string>();
  for (const { file, doc } of docs) {
    doc.modules?.forEach((m, i) => {
      if (reg.modules.has(m.name)) {
        problems.push({ file, path: `/modules/${i}/name`, reason: `duplicate module '${m.name}' (also in ${reg.modules.get(m.name)?.file})` });
        return;
      }
      reg.modules.set(m.name, {
        ...m,
        file,
        url: m.url ?? `/${m.name}/home`,
        statichtml: m.statichtml ?? false,
        order: m.order ?? 100,
      });
    });
  }
  for (const { file, doc } of docs) {
    if (!reg.modules.has(doc.module)) {
      problems.push({ file, path: '/module', reason: `module '${doc.module}' is not declared in any modules list` });
    }
    doc.entities?.forEach((e, i) => {
      const at = `/entities/${i}`;
      if (reg.entities.has(e.name)) {
        problems.push({ file, path: `${at}/name`, reason: `duplicate entity '${e.name}' (also in ${reg.entities.get(e.name)?.file})` });
        return;
      }
      const table = e.table ?? e.name;
      if (tables.has(table)) {
        problems.push({ file, path: `${at}/table`, reason: `duplicate table '${table}' (also used by entity ${tables.get(table)})` });
      }
      tables.set(table, e.name);
      const key = e.key ?? 'id';
      const seenFields = new Set<string>();
      const fields: FieldDef[] = [];
      e.fields.forEach((f, j) => {
        const fp = `${at}/fields/${j}`;
        if (seenFields.has(f.name)) problems.push({ file, path: `${fp}/name`, reason: `duplicate field '${f.name}'` });
        seenFields.add(f.name);
        if (RESERVED_COLUMNS.includes(f.name) || f.name === key) {
          problems.push({ file, path: `${fp}/name`, reason: `'${f.name}' is a reserved column name` });
        }
        if (f.type === 'enum' && !f.values) problems.push({ file, path: fp, reason: `enum field '${f.name}' needs values` });
        if (f.type !== 'enum' && f.values) problems.push({ file, path: `${fp}/values`, reason: `values are only allowed on enum fields` });
        if (f.type === 'reference' && !f.entity) problems.push({ file, path: fp, reason: `reference field '${f.name}' needs entity` });
        if (f.type !== 'reference' && f.entity) problems.push({ file, path: `${fp}/entity`, reason: `entity is only allowed on reference fields` });
        if (f.type === 'decimal' && (f.scale ?? 0) > (f.precision ?? 18)) {
          problems.push({ file, path: `${fp}/scale`, reason: `scale ${f.scale} is larger than precision ${f.precision ?? 18}` });
        }
        if (f.maxLength !== undefined && !['string', 'text'].includes(f.type)) {
          problems.push({ file, path: `${fp}/maxLength`, reason: `maxLength is only allowed on string and text fields` });
        }
        if (f.min !== undefined && f.max !== undefined && f.min > f.max) {
          problems.push({ file, path: `${fp}/min`, reason: `min ${f.min} is larger than max ${f.max}` });
        }
        if (f.type === 'enum' && f.default !== undefined && f.default !== null && !f.values?.some((v) => v.code === f.default)) {
          problems.push({ file, path: `${fp}/default`, reason: `default '${String(f.default)}' is not one of the enum codes` });
        }
        // a workflow's status field is the engine's, a state set by actions the plugin's: read-only to every form and generic write
        const wfStatus = e.workflow && f.name === (e.workflow.status ?? 'statuswf');
        fields.push({ ...f, label: f.label ?? titleCase(f.name), ...(wfStatus || f.setBy ? { readOnly: true } : {}) });
      });
      if (e.workflow) checkWorkflow(file, `${at}/workflow`, e, problems);
      const view = viewSql(file, at, e, side, problems);
      const prints = printsOf(file, at, e, new Set(fields.map((f) => f.name)), side, problems);
      // a document on process or approved is frozen unless its metadata says otherwise (its own rule on the status)
      const sf = e.workflow?.status ?? 'statuswf';
      const lifecycle =
        e.workflow && !(e.lifecycle ?? []).some((r) => sf in r.when)
          ? [...(e.lifecycle ?? []), { when: { [sf]: [STATUS.ON_PROCESS, STATUS.APPROVED] as [string, ...string[]] }, refuse: ['update', 'delete', 'lines'] as ['update', 'delete', 'lines'] }]
          : e.lifecycle;
      const def: EntityDef = {
        ...e,
        lifecycle,
        view,
        prints,
        module: doc.module,
        file,
        table,
        key,
        keyType: e.keyType ?? 'serial',
        companyScoped: e.companyScoped ?? true,
        audit: e.audit ?? true,
        fields,
        children: (e.children ?? []).map((c) => ({
          name: c.name ?? c.entity,
          entity: c.entity,
          foreignKey: c.foreignKey,
          title: c.title ?? titleCase(c.entity),
        })),
      };
      reg.entities.set(e.name, def);
    });
    const addScreen = (s: ScreenDef, path: string): void => {
      const k = `${s.module}/${s.route}`;
      const other = reg.screens.get(k);
      if (other) {
        problems.push({ file, path, reason: `duplicate route '${s.route}' in module ${s.module} (also in ${other.file})` });
        return;
      }
      reg.screens.set(k, s);
    };
    const base = (route: string, title: string, params?: string[]) => ({ module: doc.module, route, title, file, params: params ?? [] });
    doc.lists?.forEach((l, i) =>
      addScreen(
        {
          ...l,
          ...base(l.route, l.title, l.params),
          kind: 'list',
          columns: l.columns.map(normColumn),
          filters: (l.filters ?? []).map(normFilter),
          pageSize: l.pageSize ?? 10,
          actions: (l.actions ?? []).map(withLetter),
        },
        `/lists/${i}/route`,
      ),
    );
    doc.reports?.forEach((r, i) =>
      addScreen(
        {
          ...r,
          ...base(r.route, r.title, r.params),
          kind: 'report',
          columns: r.columns.map(normColumn),
          filters: (r.filters ?? []).map(normFilter),
          pageSize: r.pageSize ?? 10,
        },
        `/reports/${i}/route`,
      ),
    );
    doc.forms?.forEach((f, i) =>
      addScreen(
        {
          ...f,
          ...base(f.route, f.title, f.params),
          kind: 'form',
          sections: f.sections.map((s) => ({ title: s.title, fields: s.fields.map(normFormField) })),
          lines: (f.lines ?? []).map((l) => ({ child: l.child, title: l.title, columns: l.columns.map(normFormField) })),
          actions: (f.actions ?? []).map(withLetter),
          related: (f.related ?? []).map((r) => {
            const [module, route] = r.list.includes('/') ? r.list.split('/') : [doc.module, r.list];
            return { title: r.title ?? '', module, route, match: r.match, columns: r.columns, emptyText: r.emptyText };
          }),
        },
        `/forms/${i}/route`,
      ),
    );
    doc.homes?.forEach((h, i) => addScreen({ ...h, ...base(h.route, h.title), kind: 'home' }, `/homes/${i}/route`));
    const menuNames = new Set(reg.menus.filter((m) => m.module === doc.module).map((m) => m.name));
    doc.menus?.forEach((m, i) => {
      if (menuNames.has(m.name)) {
        problems.push({ file, path: `/menus/${i}/name`, reason: `duplicate menu '${m.name}' in module ${doc.module}` });
        return;
      }
      menuNames.add(m.name);
      reg.menus.push({
        ...m,
        module: doc.module,
        file,
        url: m.url ?? (m.route ? `/${doc.module}/${m.route}` : ''),
        level: 1,
        order: m.order ?? (i + 1) * 10,
      });
    });
  }
}

/**
 * Fields whose value is a document's state: a document entity holding one must say in `lifecycle`
 * what that state freezes, so that no approved or posted document stays editable by oversight.
 */
const STATE_FIELDS = ['statuswf', 'posted'];

function checkLifecycle(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const at = (suffix: string) => `/entities/[${e.name}]/lifecycle${suffix}`;
  const std = [e.key, 'compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];
  if (e.lifecycle && (e.view || e.system)) problems.push({ file: e.file, path: at(''), reason: 'a view or system entity takes no lifecycle (it has no generic writes)' });
  (e.lifecycle ?? []).forEach((rule, i) => {
    for (const [name, value] of Object.entries(rule.when)) {
      const f = e.fields.find((x) => x.name === name);
      if (!f && !std.includes(name)) {
        problems.push({ file: e.file, path: at(`/${i}/when/${name}`), reason: `entity ${e.name} has no field '${name}'` });
        continue;
      }
      if (f?.type === 'enum') {
        for (const v of Array.isArray(value) ? value : [value]) {
          if (!f.values?.some((x) => String(x.code) === String(v))) problems.push({ file: e.file, path: at(`/${i}/when/${name}`), reason: `'${String(v)}' is not one of the codes of ${name}` });
        }
      }
    }
    for (const name of rule.except ?? []) {
      if (!e.fields.some((x) => x.name === name)) problems.push({ file: e.file, path: at(`/${i}/except`), reason: `entity ${e.name} has no field '${name}'` });
    }
    for (const name of rule.exceptLines ?? []) {
      if (!e.children.some((c) => reg.entities.get(c.entity)?.fields.some((x) => x.name === name))) {
        problems.push({ file: e.file, path: at(`/${i}/exceptLines`), reason: `no line entity of ${e.name} has a field '${name}'` });
      }
    }
  });
  if (e.view || e.system || e.parent) return;
  for (const state of STATE_FIELDS) {
    if (!e.fields.some((f) => f.name === state)) continue;
    if (!(e.lifecycle ?? []).some((r) => state in r.when)) {
      problems.push({ file: e.file, path: `/entities/[${e.name}]`, reason: `a document with a '${state}' field must declare a lifecycle rule on it (what an approved/posted document refuses)` });
    }
  }
}

/** `field` or `ref.field` through a reference field; returns an error text or null. */
/** `participants` names reference fields of the right entities (docs/metadata.md). */
function checkParticipants(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const p = e.participants;
  if (!p) return;
  const at = (suffix: string) => `/entities/[${e.name}]/participants${suffix}`;
  const ref = (entity: EntityDef | undefined, name: string | undefined, to: string) => {
    const f = entity?.fields.find((x) => x.name === name);
    return f?.type === 'reference' && f.entity === to;
  };
  if (!p.owner && !p.via && !p.through) problems.push({ file: e.file, path: at(''), reason: 'name owner, via or through' });
  if (p.owner && !ref(e, p.owner, 'users')) problems.push({ file: e.file, path: at('/owner'), reason: `'${p.owner}' must be a reference field of ${e.name} to users` });
  if (p.via) {
    const via = reg.entities.get(p.via.entity);
    if (!ref(via, p.via.field, e.name)) problems.push({ file: e.file, path: at('/via/field'), reason: `'${p.via.field}' must be a reference field of ${p.via.entity} to ${e.name}` });
    if (!ref(via, p.via.user, 'users')) problems.push({ file: e.file, path: at('/via/user'), reason: `'${p.via.user}' must be a reference field of ${p.via.entity} to users` });
  }
  if (p.through) {
    const f = e.fields.find((x) => x.name === p.through);
    const target = f?.entity ? reg.entities.get(f.entity) : undefined;
    if (f?.type !== 'reference' || !target?.participants || target.participants.through) {
      problems.push({ file: e.file, path: at('/through'), reason: `'${p.through}' must be a reference field to an entity with participants of its own (owner or via)` });
    }
  }
  if (p.unless && !reg.entities.has(p.unless.entity)) problems.push({ file: e.file, path: at('/unless/entity'), reason: `unknown entity '${p.unless.entity}'` });
}

function checkFieldPath(reg: Registry, entity: EntityDef, path: string): string | null {
  const parts = path.split('.');
  const std = [entity.key, 'compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];
  if (parts.length === 1) {
    return std.includes(path) || entity.fields.some((f) => f.name === path) ? null : `entity ${entity.name} has no field '${path}'`;
  }
  if (parts.length !== 2) return `'${path}' may go through one reference only`;
  const ref = entity.fields.find((f) => f.name === parts[0]);
  if (!ref || ref.type !== 'reference' || !ref.entity) return `'${parts[0]}' is not a reference field of entity ${entity.name}`;
  const target = reg.entities.get(ref.entity);
  if (!target) return null; // reported by the reference check
  return checkFieldPath(reg, target, parts[1]);
}

/** The field `field` or `ref.field` names (undefined for standard columns). */
function fieldAt(reg: Registry, entity: EntityDef, path: string): FieldDef | undefined {
  const [head, tail] = path.split('.');
  const f = entity.fields.find((x) => x.name === head);
  if (!tail) return f;
  const target = f?.entity ? reg.entities.get(f.entity) : undefined;
  return target?.fields.find((x) => x.name === tail);
}

const STANDARD_LABELS: Record<string, string> = {
  compcode: 'Company',
  created_at: 'Created @',
  created_by: 'Created By',
  updated_at: 'Updated @',
  updated_by: 'Updated By',
  version: 'Version',
};

/** The label of `field` or `ref.field` (the target field's label through a reference). */
function labelOf(reg: Registry, entity: EntityDef, path: string): string {
  const [head, tail] = path.split('.');
  const f = entity.fields.find((x) => x.name === head);
  if (tail && f?.entity) {
    const target = reg.entities.get(f.entity);
    const tf = target?.fields.find((x) => x.name === tail);
    return tf ? `${f.label}${tail === target?.display ? '' : ` ${tf.label}`}` : titleCase(tail);
  }
  return f?.label ?? STANDARD_LABELS[head] ?? titleCase(head);
}

const WORKFLOW_CODES: string[] = Object.values(STATUS);

/** An entity's `workflow:` names an enum status field with the engine's codes, and fields and lines it has. */
function checkWorkflow(file: string, at: string, e: { fields: { name: string; type: string; values?: { code: unknown }[] }[]; children?: { name?: string; entity: string }[]; workflow?: { status?: string; lines?: string; detail?: string[]; titleBy?: { field: string }; date?: string } }, problems: MetadataProblem[]): void {
  const wf = e.workflow ?? {};
  const status = e.fields.find((f) => f.name === (wf.status ?? 'statuswf'));
  if (!status) problems.push({ file, path: `${at}/status`, reason: `no status field '${wf.status ?? 'statuswf'}'` });
  else if (status.type !== 'enum' || !WORKFLOW_CODES.every((c) => status.values?.some((v) => String(v.code) === c))) {
    problems.push({ file, path: `${at}/status`, reason: `status field '${status.name}' must be an enum with the codes ${WORKFLOW_CODES.join(', ')}` });
  }
  if (wf.lines && !(e.children ?? []).some((c) => (c.name ?? c.entity) === wf.lines)) problems.push({ file, path: `${at}/lines`, reason: `no child collection '${wf.lines}'` });
  for (const d of [...(wf.detail ?? []), ...(wf.titleBy ? [wf.titleBy.field] : []), ...(wf.date ? [wf.date] : [])]) {
    if (!e.fields.some((f) => f.name === d)) problems.push({ file, path: at, reason: `no field '${d}'` });
  }
}

/** A screen action with its letter: O (other) unless it says otherwise (decision 0120). */
const withLetter = <A extends { letter?: string }>(a: A): A & { letter: NonNullable<A['letter']> } => ({ ...a, letter: (a.letter ?? 'O') as NonNullable<A['letter']> });

/** Every screen offering an action of an entity asks the same letter: the runner checks one. */
function checkActionLetters(reg: Registry, problems: MetadataProblem[]): void {
  const seen = new Map<string, { letter: string; file: string; route: string }>();
  for (const s of reg.screens.values()) {
    if (s.kind !== 'list' && s.kind !== 'form') continue;
    for (const a of s.actions) {
      const id = `${s.entity} ${a.name}`;
      const first = seen.get(id);
      if (!first) seen.set(id, { letter: String(a.letter), file: s.file, route: s.route });
      else if (first.letter !== a.letter) {
        problems.push({ file: s.file, path: `/screens/[${s.route}]/actions/[${a.name}]/letter`, reason: `letter ${String(a.letter)} differs from letter ${first.letter} that ${first.file} (${first.route}) declares for the same action` });
      }
    }
  }
}

function crossCheck(reg: Registry, problems: MetadataProblem[]): void {
  checkActionLetters(reg, problems);
  for (const e of reg.entities.values()) {
    const at = (suffix: string) => `/entities/[${e.name}]${suffix}`;
    e.fields.forEach((f) => {
      if (f.type === 'reference' && f.entity && !reg.entities.has(f.entity)) {
        problems.push({ file: e.file, path: at(`/fields/[${f.name}]/entity`), reason: `reference to unknown entity '${f.entity}'` });
      }
      if (f.lookup) {
        const parent = [...reg.entities.values()].find((x) => x.children.some((c) => c.entity === e.name));
        for (const reason of checkLookup(reg, e, f, parent)) problems.push({ file: e.file, path: at(`/fields/[${f.name}]/lookup`), reason });
      }
      if (f.format === 'duration' && f.type !== 'integer') {
        problems.push({ file: e.file, path: at(`/fields/[${f.name}]/format`), reason: 'format duration is for integer fields (minutes)' });
      }
      if ((f.format === 'email' || f.format === 'username') && f.type !== 'string') {
        problems.push({ file: e.file, path: at(`/fields/[${f.name}]/format`), reason: `format ${f.format} is for string fields` });
      }
    });
    if (e.view && (e.numbering || e.children.length || e.indexes?.length)) {
      problems.push({ file: e.file, path: at('/view'), reason: 'a view-backed entity cannot have numbering, children or indexes' });
    }
    if (e.numbering && !e.fields.some((f) => f.name === e.numbering?.field && f.type === 'string')) {
      problems.push({ file: e.file, path: at('/numbering/field'), reason: `numbering field '${e.numbering.field}' is not a string field of the entity` });
    }
    if (e.display && checkFieldPath(reg, e, e.display)) {
      problems.push({ file: e.file, path: at('/display'), reason: checkFieldPath(reg, e, e.display) ?? '' });
    }
    e.indexes?.forEach((ix, i) =>
      ix.fields.forEach((f) => {
        const err = f.includes('.') ? `index fields cannot go through references` : checkFieldPath(reg, e, f);
        if (err) problems.push({ file: e.file, path: at(`/indexes/${i}`), reason: err });
      }),
    );
    for (const c of e.children) {
      const child = reg.entities.get(c.entity);
      if (!child) {
        problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `child entity '${c.entity}' does not exist` });
        continue;
      }
      const fk = child.fields.find((f) => f.name === c.foreignKey);
      if (!fk || fk.type !== 'reference' || fk.entity !== e.name) {
        problems.push({
          file: e.file,
          path: at(`/children/[${c.entity}]/foreignKey`),
          reason: `'${c.foreignKey}' must be a reference field of ${c.entity} pointing at ${e.name}`,
        });
        continue;
      }
      if (child.parent) {
        problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `${c.entity} is already a child of ${child.parent.entity}` });
      }
      child.parent = { entity: e.name, foreignKey: c.foreignKey };
      if (child.companyScoped !== e.companyScoped) {
        problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `a child must have the same companyScoped as its parent` });
      }
    }
  }
  for (const e of reg.entities.values()) {
    checkLifecycle(reg, e, problems);
    checkParticipants(reg, e, problems);
    for (const f of e.fields) {
      if (f.personal && (f.hidden || f.name === e.key)) problems.push({ file: e.file, path: `/entities/[${e.name}]/fields/[${f.name}]/personal`, reason: 'a hidden field or the key cannot be personal' });
    }
  }

  for (const s of reg.screens.values()) {
    const kindKey = s.kind === 'list' ? 'lists' : s.kind === 'form' ? 'forms' : s.kind === 'report' ? 'reports' : 'homes';
    const at = (suffix: string) => `/${kindKey}/[${s.route}]${suffix}`;
    if (s.kind === 'home') continue;
    const entity = reg.entities.get(s.entity);
    if (!entity) {
      problems.push({ file: s.file, path: at('/entity'), reason: `unknown entity '${s.entity}'` });
      continue;
    }
    if (s.kind === 'list' || s.kind === 'report') {
      s.columns.forEach((c) => {
        const err = checkFieldPath(reg, entity, c.field);
        if (err) problems.push({ file: s.file, path: at(`/columns/[${c.field}]`), reason: err });
        else {
          if (!c.label) c.label = labelOf(reg, entity, c.field);
          // a duration field shows as H:MM unless the column says otherwise
          if (!c.format && fieldAt(reg, entity, c.field)?.format === 'duration') c.format = 'hm';
        }
      });
      s.filters.forEach((f) => {
        const err = checkFieldPath(reg, entity, f.field);
        if (err) problems.push({ file: s.file, path: at(`/filters/[${f.field}]`), reason: err });
        else if (!f.label) f.label = labelOf(reg, entity, f.field);
      });
      if (s.defaultSort) {
        const err = checkFieldPath(reg, entity, s.defaultSort.field);
        if (err) problems.push({ file: s.file, path: at('/defaultSort/field'), reason: err });
      }
    }
    // a chart draws the rows the list shows: each field it names is one of the list's columns, each
    // filter it needs one of the list's filters
    if ((s.kind === 'list' || s.kind === 'report') && s.chart) {
      const shown = new Set(s.columns.map((c) => c.field));
      for (const k of ['label', 'note', 'date', 'limit', 'status', 'value'] as const) {
        const f = s.chart[k];
        if (f !== undefined && !shown.has(f)) problems.push({ file: s.file, path: at(`/chart/${k}`), reason: `'${f}' is not a column of the list` });
      }
      const params = new Set(s.filters.map((f) => f.param));
      for (const p of s.chart.needs ?? []) if (!params.has(p)) problems.push({ file: s.file, path: at('/chart/needs'), reason: `'${p}' is not a filter of the list` });
    }
    if (s.kind === 'list') {
      s.actions.forEach((a) => {
        if (a.selection && a.row) problems.push({ file: s.file, path: at(`/actions/[${a.name}]`), reason: 'an action acts on one row (row) or on the ticked rows (selection), not both' });
      });
      s.search?.forEach((f) => {
        const err = checkFieldPath(reg, entity, f);
        if (err) problems.push({ file: s.file, path: at(`/search/[${f}]`), reason: err });
      });
      if (s.form && !reg.screen(s.module, s.form)) {
        problems.push({ file: s.file, path: at('/form'), reason: `form route '${s.form}' does not exist in module ${s.module}` });
      }
      for (const k of Object.keys(s.fixedFilter ?? {})) {
        const err = checkFieldPath(reg, entity, k);
        if (err) problems.push({ file: s.file, path: at(`/fixedFilter/${k}`), reason: err });
      }
      if (s.opensAircraft) {
        for (const f of ['registration', 'aircraft_type']) {
          if (!entity.fields.some((x) => x.name === f)) problems.push({ file: s.file, path: at('/opensAircraft'), reason: `a list that opens an aircraft needs the field '${f}' (entity ${entity.name})` });
        }
        const first = reg.aircraftList(s.module);
        if (first && first !== s) problems.push({ file: s.file, path: at('/opensAircraft'), reason: `module ${s.module} already opens aircraft from list '${first.route}'` });
      }
    }
    if (s.kind === 'form') {
      s.sections.forEach((sec, i) =>
        sec.fields.forEach((f) => {
          if (!entity.fields.some((x) => x.name === f.field)) {
            problems.push({ file: s.file, path: at(`/sections/${i}/fields/[${f.field}]`), reason: `entity ${entity.name} has no field '${f.field}'` });
          }
        }),
      );
      s.lines.forEach((l, i) => {
        const child = entity.children.find((c) => c.name === l.child);
        const childEntity = child && reg.entities.get(child.entity);
        if (!child || !childEntity) {
          problems.push({ file: s.file, path: at(`/lines/${i}/child`), reason: `entity ${entity.name} has no child '${l.child}'` });
          return;
        }
        l.columns.forEach((c) => {
          if (!childEntity.fields.some((x) => x.name === c.field)) {
            problems.push({ file: s.file, path: at(`/lines/${i}/columns/[${c.field}]`), reason: `entity ${childEntity.name} has no field '${c.field}'` });
          }
        });
      });
      if (s.list && !reg.screen(s.module, s.list)) {
        problems.push({ file: s.file, path: at('/list'), reason: `list route '${s.list}' does not exist in module ${s.module}` });
      }
      const fieldOf = (name: string) => name === entity.key || entity.fields.some((x) => x.name === name);
      s.actions.forEach((a) => {
        for (const k of Object.keys(a.visibleWhen ?? {})) {
          if (!fieldOf(k)) problems.push({ file: s.file, path: at(`/actions/[${a.name}]/visibleWhen/${k}`), reason: `entity ${entity.name} has no field '${k}'` });
        }
        if (a.selection) problems.push({ file: s.file, path: at(`/actions/[${a.name}]/selection`), reason: 'a form acts on its open record: selection is for lists' });
      });
      s.related.forEach((r, i) => {
        const target = reg.screen(r.module, r.route);
        if (!target || (target.kind !== 'list' && target.kind !== 'report')) {
          problems.push({ file: s.file, path: at(`/related/${i}/list`), reason: `'${r.module}/${r.route}' is not a list or report` });
          return;
        }
        if (!r.title) r.title = target.title;
        for (const [param, field] of Object.entries(r.match)) {
          if (!target.filters.some((f) => f.param === param && f.op === 'eq')) {
            problems.push({ file: s.file, path: at(`/related/${i}/match/${param}`), reason: `list ${r.route} has no equality filter '${param}'` });
          }
          if (!fieldOf(field)) problems.push({ file: s.file, path: at(`/related/${i}/match/${param}`), reason: `entity ${entity.name} has no field '${field}'` });
        }
        for (const c of r.columns ?? []) {
          if (!target.columns.some((x) => x.field === c)) problems.push({ file: s.file, path: at(`/related/${i}/columns/[${c}]`), reason: `list ${r.route} has no column '${c}'` });
        }
      });
    }
  }

  const levels = new Map<string, number>();
  const byKey = new Map(reg.menus.map((m) => [`${m.module}/${m.name}`, m]));
  for (const m of reg.menus) {
    if (m.route && !reg.screen(m.module, m.route)) {
      problems.push({ file: m.file, path: `/menus/[${m.name}]/route`, reason: `route '${m.route}' does not exist in module ${m.module}` });
    }
    if (m.parent && !byKey.has(`${m.module}/${m.parent}`)) {
      problems.push({ file: m.file, path: `/menus/[${m.name}]/parent`, reason: `parent menu '${m.parent}' does not exist in module ${m.module}` });
    }
  }
  const levelOf = (m: (typeof reg.menus)[number], depth = 0): number => {
    if (depth > 10) return 99;
    const k = `${m.module}/${m.name}`;
    const known = levels.get(k);
    if (known !== undefined) return known;
    const parent = m.parent ? byKey.get(`${m.module}/${m.parent}`) : undefined;
    const l = parent ? levelOf(parent, depth + 1) + 1 : 1;
    levels.set(k, l);
    return l;
  };
  for (const m of reg.menus) {
    m.level = levelOf(m);
    if (m.level > 3) problems.push({ file: m.file, path: `/menus/[${m.name}]/parent`, reason: `menus nest at most three levels (or the parents form a cycle)` });
  }
}
