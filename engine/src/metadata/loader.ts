/**
 * Reads every `metadata/**\/*.yaml`, validates each document against metadata.schema.json (ajv),
 * runs the cross-file checks (cross-checks/, one module per concern) and returns a normalised Registry. Any problem throws a
 * MetadataError listing every error as `file: path: reason`; the server refuses to start on it.
 *
 *   const reg = await loadMetadata('/app/metadata');
 */
import { rememberRegistry } from './labels.ts';
import { readFile, readdir } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parseDocument, LineCounter } from 'yaml';
import Handlebars from 'handlebars';
import schema from './metadata.schema.json' with { type: 'json' };
import type { MetadataDocument, Column, Entity, Field, Filter, FormField, FormScreen, ListScreen, ReportScreen } from './types.gen.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, translationFileLanguage, type Dictionary } from './i18n.ts';
import {
  Registry,
  type ColumnDef,
  type EntityDef,
  type FieldDef,
  type FilterDef,
  type FormFieldDef,
  type FormScreenDef,
  type ListScreenDef,
  type PrintDef,
  type ReportScreenDef,
  type ScreenDef,
} from './registry.ts';
import { titleCase } from './labels.ts';
import { crossCheck } from './cross-checks/cross-check.ts';
import { resolveStates } from './states.ts';
import { STATUS } from '../workflow/status.ts';

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
  const reg = buildRegistry(sources, side);
  rememberRegistry(reg);
  return reg;
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
  if (problems.length === 0) resolveStates(reg, problems);
  if (problems.length === 0) crossCheck(reg, problems);
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
function printsOf(file: string, at: string, e: { prints?: { name: string; title: string; templateFile: string; when?: Record<string, unknown>; message?: string; default?: boolean; refs?: string[] }[]; fields?: { name: string; type?: string }[] }, fieldNames: Set<string>, side: SideFiles, problems: MetadataProblem[]): PrintDef[] | undefined {
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
    if (p.default && p.when) problems.push({ file, path: `${at}/prints/${i}/when`, reason: `the default print '${p.name}' prints every document and cannot have 'when'` });
    if (p.default && e.prints!.findIndex((x) => x.default) !== i) problems.push({ file, path: `${at}/prints/${i}/default`, reason: `only one print of the entity can be the default` });
    (p.refs ?? []).forEach((r, j) => {
      if (e.fields?.find((f) => f.name === r)?.type !== 'reference') problems.push({ file, path: `${at}/prints/${i}/refs/${j}`, reason: `'${r}' is not a reference field of the entity` });
    });
    return {
      name: p.name,
      title: p.title,
      template: source ?? '',
      ...(p.when ? { when: p.when as PrintDef['when'] } : {}),
      ...(p.message ? { message: p.message } : {}),
      ...(p.default ? { default: true } : {}),
      ...(p.refs?.length ? { refs: p.refs } : {}),
    };
  });
}

type Docs = { file: string; doc: MetadataDocument }[];

/** Collects every declaration of the documents into the registry, file by file in the order read (the registry's maps keep that order). */
function collect(reg: Registry, docs: Docs, problems: MetadataProblem[], side: SideFiles): void {
  collectModules(reg, docs, problems);
  /** Entity by table name: two entities may not share a table. */
  const tables = new Map<string, string>();
  for (const { file, doc } of docs) {
    if (!reg.modules.has(doc.module)) {
      problems.push({ file, path: '/module', reason: `module '${doc.module}' is not declared in any modules list` });
    }
    doc.entities?.forEach((e, i) => collectEntity(reg, file, doc.module, e, `/entities/${i}`, tables, side, problems));
    collectScreens(reg, file, doc, problems);
    collectMenus(reg, file, doc, problems);
  }
}

/** The modules lists of every document (first, so each document's module can be checked), with their defaults. */
function collectModules(reg: Registry, docs: Docs, problems: MetadataProblem[]): void {
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
}

/** One entity with its defaults, fields, view, prints and lifecycle; its name and table unique. */
function collectEntity(reg: Registry, file: string, module: string, e: Entity, at: string, tables: Map<string, string>, side: SideFiles, problems: MetadataProblem[]): void {
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
  const fields = entityFields(file, at, e, key, problems);
  if (e.workflow) checkWorkflow(file, `${at}/workflow`, e, problems);
  const view = viewSql(file, at, e, side, problems);
  const prints = printsOf(file, at, e, new Set(fields.map((f) => f.name)), side, problems);
  const def: EntityDef = {
    ...e,
    lifecycle: lifecycleOf(e),
    ...(e.lifecycle && !Array.isArray(e.lifecycle) ? { declaration: e.lifecycle } : {}),
    view,
    prints,
    module,
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
      maxLines: c.maxLines ?? 1000,
    })),
  };
  reg.entities.set(e.name, def);
}

/** An entity's fields checked one by one (names unique and not reserved, each type's own properties) and given their labels. */
function entityFields(file: string, at: string, e: Entity, key: string, problems: MetadataProblem[]): FieldDef[] {
  const seenFields = new Set<string>();
  return e.fields.map((f, j) => {
    const fp = `${at}/fields/${j}`;
    if (seenFields.has(f.name)) problems.push({ file, path: `${fp}/name`, reason: `duplicate field '${f.name}'` });
    seenFields.add(f.name);
    if (RESERVED_COLUMNS.includes(f.name) || f.name === key) {
      problems.push({ file, path: `${fp}/name`, reason: `'${f.name}' is a reserved column name` });
    }
    checkFieldProperties(file, fp, f, problems);
    // a workflow's status field is the engine's, a state set by actions the plugin's: read-only to every form and generic write
    const wfStatus = e.workflow && f.name === (e.workflow.status ?? 'statuswf');
    return { ...f, label: f.label ?? titleCase(f.name), ...(wfStatus || f.setBy ? { readOnly: true } : {}) };
  });
}

/** A field's properties fit its type: values for enums, entity for references, scale, maxLength, min/max and default. */
function checkFieldProperties(file: string, fp: string, f: Field, problems: MetadataProblem[]): void {
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
}

/** An entity's lifecycle rules: a document on process or approved is frozen unless its metadata says otherwise (its own rule on the status). */
function lifecycleOf(e: Entity): EntityDef['lifecycle'] {
  const sf = e.workflow?.status ?? 'statuswf';
  const rules = Array.isArray(e.lifecycle) ? e.lifecycle : e.lifecycle?.rules;
  return e.workflow && !(rules ?? []).some((r) => sf in r.when)
    ? [...(rules ?? []), { when: { [sf]: [STATUS.ON_PROCESS, STATUS.APPROVED] as [string, ...string[]] }, refuse: ['update', 'delete', 'lines'] as ['update', 'delete', 'lines'] }]
    : rules;
}

/** A document's lists, reports, forms and homes, normalised; a route is unique in its module. */
function collectScreens(reg: Registry, file: string, doc: MetadataDocument, problems: MetadataProblem[]): void {
  const addScreen = (s: ScreenDef, path: string): void => {
    const k = `${s.module}/${s.route}`;
    const other = reg.screens.get(k);
    if (other) {
      problems.push({ file, path, reason: `duplicate route '${s.route}' in module ${s.module} (also in ${other.file})` });
      return;
    }
    reg.screens.set(k, s);
    reg.screenPaths.set(k, path.slice(0, path.lastIndexOf('/')));
  };
  const base = (route: string, title: string, params?: string[]) => ({ module: doc.module, route, title, file, params: params ?? [] });
  doc.lists?.forEach((l, i) => addScreen(listScreen(l, base(l.route, l.title, l.params)), `/lists/${i}/route`));
  doc.reports?.forEach((r, i) => addScreen(reportScreen(r, base(r.route, r.title, r.params)), `/reports/${i}/route`));
  doc.forms?.forEach((f, i) => addScreen(formScreen(f, base(f.route, f.title, f.params)), `/forms/${i}/route`));
  doc.homes?.forEach((h, i) => addScreen({ ...h, ...base(h.route, h.title), kind: 'home' }, `/homes/${i}/route`));
}

type Base = Pick<ScreenDef, 'module' | 'route' | 'title' | 'file' | 'params'>;

function listScreen(l: ListScreen, base: Base): ListScreenDef {
  return {
    ...l,
    ...base,
    kind: 'list',
    columns: l.columns.map(normColumn),
    filters: (l.filters ?? []).map(normFilter),
    pageSize: l.pageSize ?? 10,
    actions: (l.actions ?? []).map(withLetter),
  };
}

function reportScreen(r: ReportScreen, base: Base): ReportScreenDef {
  return {
    ...r,
    ...base,
    kind: 'report',
    columns: r.columns.map(normColumn),
    filters: (r.filters ?? []).map(normFilter),
    pageSize: r.pageSize ?? 10,
  };
}

/** A form: its sections and lines normalised, its related lists named by module and route (a bare route is the form's own module). */
function formScreen(f: FormScreen, base: Base): FormScreenDef {
  return {
    ...f,
    ...base,
    kind: 'form',
    sections: f.sections.map((s) => ({ title: s.title, fields: s.fields.map(normFormField) })),
    lines: (f.lines ?? []).map((l) => ({ child: l.child, title: l.title, columns: l.columns.map(normFormField) })),
    actions: (f.actions ?? []).map(withLetter),
    related: (f.related ?? []).map((r) => {
      const [module, route] = r.list.includes('/') ? r.list.split('/') : [base.module, r.list];
      return { title: r.title ?? '', module, route, match: r.match, columns: r.columns, emptyText: r.emptyText };
    }),
  };
}

/** A document's menu entries with their url, level and order; a name is unique in its module. */
function collectMenus(reg: Registry, file: string, doc: MetadataDocument, problems: MetadataProblem[]): void {
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
