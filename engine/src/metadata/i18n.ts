/**
 * English and Indonesian (decision 0144). English is the metadata's own text; every other language
 * comes from translation files beside the metadata, one per module and language:
 *
 *   metadata/logistic/i18n/id.yaml
 *     module: aircraft-logistic
 *     labels:
 *       Part Number: Nomor Part
 *       Store / Warehouse: Gudang
 *
 * A dictionary is keyed by the English text, so a label repeated across the module's entities,
 * lists and forms is translated once. A text of module M is looked up in M's dictionary, then in the
 * shell module's (metadata/shell/i18n/id.yaml: the terms several modules share).
 *
 * `eachLabel` is the one list of texts a user sees that come from metadata (module titles, entity
 * and field labels and help texts, enum labels, screen titles, columns, filters, sections, lines,
 * actions and their confirmation questions, prints, related sections, homes, menus): `missingTranslations` (npm run check:metadata) and `localised`
 * (the registry the server serves a user in their language) both walk it, so they cannot disagree.
 * Texts with no lower-case letter (CRS, ATA, P/N, MEL) are codes and stay as they are.
 * Messages (lifecycle refusals, print refusals, errors) are not labels: they stay as written.
 */
import type { Registry } from './registry.ts';

/** The languages a user may choose (users.language); English is the metadata's own. */
export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The module whose dictionary every module falls back to (shared terms). */
const SHARED_DICTIONARY_MODULE = 'shell';

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** One translation file: the module it translates and its texts by English text. */
export interface Dictionary {
  file: string;
  language: Language;
  module: string;
  labels: Map<string, string>;
}

/** The path of a translation file relative to its metadata root (`…/i18n/<language>.yaml`), or null. */
export function translationFileLanguage(file: string): string | null {
  return /(?:^|\/)i18n\/([^/]+)\.ya?ml$/.exec(file)?.[1] ?? null;
}

/** A text that needs a translation: it has a lower-case letter (a code such as CRS or P/N does not). */
function needsTranslation(text: string | undefined | null): text is string {
  return typeof text === 'string' && /\p{Ll}/u.test(text);
}

export interface LabelSite {
  /** the module whose dictionary translates the text */
  module: string;
  /** the metadata file that declares it */
  file: string;
  /** where in the declaration (`/lists/[route]/columns/[field]/label`) */
  path: string;
  text: string;
  set(text: string): void;
}

type Obj = Record<string, unknown>;

/**
 * Every user-visible text of the (normalised) registry, with a setter. Labels defaulted by the
 * loader (a field's name in Title Case, a column's field label) are included as they were filled.
 */
export function eachLabel(reg: Registry, visit: (site: LabelSite) => void): void {
  const site = (module: string, file: string, path: string, o: Obj | undefined, key: string): void => {
    const text = o?.[key];
    if (!o || !needsTranslation(text as string | undefined)) return;
    visit({ module, file, path, text: text as string, set: (t) => (o[key] = t) });
  };
  for (const m of reg.modules.values()) {
    site(m.name, m.file, `/modules/[${m.name}]/title`, m as unknown as Obj, 'title');
    site(m.name, m.file, `/modules/[${m.name}]/info`, m as unknown as Obj, 'info');
  }
  for (const e of reg.entities.values()) {
    const at = `/entities/[${e.name}]`;
    site(e.module, e.file, `${at}/title`, e as unknown as Obj, 'title');
    for (const f of e.fields) {
      if (f.hidden) continue;
      site(e.module, e.file, `${at}/fields/[${f.name}]/label`, f as unknown as Obj, 'label');
      site(e.module, e.file, `${at}/fields/[${f.name}]/help`, f as unknown as Obj, 'help');
      site(e.module, e.file, `${at}/fields/[${f.name}]/patternMessage`, f as unknown as Obj, 'patternMessage');
      for (const v of f.values ?? []) site(e.module, e.file, `${at}/fields/[${f.name}]/values/[${String(v.code)}]/label`, v as unknown as Obj, 'label');
    }
    for (const c of e.children) site(e.module, e.file, `${at}/children/[${c.name}]/title`, c as unknown as Obj, 'title');
    for (const p of e.prints ?? []) site(e.module, e.file, `${at}/prints/[${p.name}]/title`, p as unknown as Obj, 'title');
    for (const sl of e.seals ?? []) site(e.module, e.file, `${at}/seals/[${sl.kind}]/title`, sl as unknown as Obj, 'title');
  }
  for (const s of reg.screens.values()) {
    const kind = s.kind === 'list' ? 'lists' : s.kind === 'form' ? 'forms' : s.kind === 'report' ? 'reports' : 'homes';
    const at = `/${kind}/[${s.route}]`;
    const on = (path: string, o: Obj | undefined, key: string) => site(s.module, s.file, `${at}${path}`, o, key);
    on('/title', s as unknown as Obj, 'title');
    if (s.kind === 'home') {
      on('/text', s as unknown as Obj, 'text');
      continue;
    }
    if (s.kind === 'list' || s.kind === 'report') {
      for (const c of s.columns) on(`/columns/[${c.field}]/label`, c as unknown as Obj, 'label');
      for (const f of s.filters) on(`/filters/[${f.param}]/label`, f as unknown as Obj, 'label');
      if (s.chart) on('/chart/title', s.chart as unknown as Obj, 'title');
    }
    if (s.kind === 'list' || s.kind === 'form') {
      for (const a of s.actions) {
        on(`/actions/[${a.name}]/label`, a as unknown as Obj, 'label');
        on(`/actions/[${a.name}]/confirm`, a as unknown as Obj, 'confirm');
        for (const i of a.inputs ?? []) {
          on(`/actions/[${a.name}]/inputs/[${i.name}]/label`, i as unknown as Obj, 'label');
          on(`/actions/[${a.name}]/inputs/[${i.name}]/help`, i as unknown as Obj, 'help');
          for (const v of i.values ?? []) on(`/actions/[${a.name}]/inputs/[${i.name}]/values/[${v.code}]/label`, v as unknown as Obj, 'label');
        }
      }
    }
    if (s.kind === 'list' && s.emptyText) on('/emptyText', s as unknown as Obj, 'emptyText');
    if (s.kind === 'form') {
      s.sections.forEach((sec, i) => {
        on(`/sections/${i}/title`, sec as unknown as Obj, 'title');
        for (const f of sec.fields) {
          on(`/sections/${i}/fields/[${f.field}]/label`, f as unknown as Obj, 'label');
          on(`/sections/${i}/fields/[${f.field}]/placeholder`, f as unknown as Obj, 'placeholder');
        }
      });
      for (const l of s.lines) {
        on(`/lines/[${l.child}]/title`, l as unknown as Obj, 'title');
        for (const c of l.columns) on(`/lines/[${l.child}]/columns/[${c.field}]/label`, c as unknown as Obj, 'label');
      }
      s.related.forEach((r, i) => {
        on(`/related/${i}/title`, r as unknown as Obj, 'title');
        on(`/related/${i}/emptyText`, r as unknown as Obj, 'emptyText');
      });
    }
  }
  for (const m of reg.menus) site(m.module, m.file, `/menus/[${m.name}]/title`, m as unknown as Obj, 'title');
}

/** The translation of `text` of `module` in `language`: the module's dictionary, then the shared one. */
export function translate(reg: Registry, language: Language, module: string, text: string): string | undefined {
  const dicts = reg.dictionaries.get(language);
  return dicts?.get(module)?.labels.get(text) ?? dicts?.get(SHARED_DICTIONARY_MODULE)?.labels.get(text);
}

export interface TranslationProblem {
  file: string;
  path: string;
  reason: string;
}

/**
 * What `npm run check:metadata` refuses: a user-visible label with no translation in a language
 * (naming the module, the file declaring the label and the label), and a translation no label of
 * its module uses (a renamed label leaves one behind).
 */
export function translationProblems(reg: Registry): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const used = new Set<string>();
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue;
    const dicts = reg.dictionaries.get(language);
    eachLabel(reg, (s) => {
      const own = dicts?.get(s.module)?.labels.has(s.text);
      const shared = dicts?.get(SHARED_DICTIONARY_MODULE)?.labels.has(s.text);
      if (own) used.add(`${language}|${s.module}|${s.text}`);
      else if (shared) used.add(`${language}|${SHARED_DICTIONARY_MODULE}|${s.text}`);
      else problems.push({ file: s.file, path: s.path, reason: `module ${s.module}: no ${language} translation of '${s.text}' (add it to the module's i18n/${language}.yaml)` });
    });
    for (const d of dicts?.values() ?? []) {
      for (const k of d.labels.keys()) {
        if (!used.has(`${language}|${d.module}|${k}`)) problems.push({ file: d.file, path: `/labels/${k}`, reason: `module ${d.module}: no label of the module reads '${k}' (a label renamed or removed?)` });
      }
    }
  }
  return problems;
}

const localisedCache = new WeakMap<Registry, Map<Language, Registry>>();

/**
 * The registry as a user of `language` sees it: a copy whose every label (eachLabel) is the
 * translation, English where a translation is missing. English is the registry itself. Built once
 * per registry and language; read by the routes that serve metadata to the renderer.
 */
export function localised(reg: Registry, language: Language): Registry {
  if (language === DEFAULT_LANGUAGE || !reg.dictionaries.has(language)) return reg;
  let byLang = localisedCache.get(reg);
  if (!byLang) localisedCache.set(reg, (byLang = new Map()));
  const known = byLang.get(language);
  if (known) return known;
  const copy = reg.copy();
  eachLabel(copy, (s) => {
    const t = translate(reg, language, s.module, s.text);
    if (t !== undefined) s.set(t);
  });
  byLang.set(language, copy);
  return copy;
}

/** A user's language (users.language), English for anything else. */
export function languageOf(user: { language?: unknown } | null | undefined): Language {
  return isLanguage(user?.language) ? user.language : DEFAULT_LANGUAGE;
}
