/**
 * The renderer's own texts have their Indonesian (issue 37 point 9, decision 0425): every literal
 * `t('…')`, `t('…', values)` or `tNodes('…', values)` in renderer/src is a key of the dictionary
 * (renderer/src/i18n.ts `ID`), and no .tsx file draws a literal string attribute label=,
 * placeholder=, title=, aria-label=, emptyText=, loadingLabel=, alt=, text= (EmptyState, ConfirmModal) or
 * confirmLabel= past t() (the JSX text
 * children are lint's: react/jsx-no-literals in .oxlintrc.json, whose allowedStrings, the
 * symbols, are allowed here too). check:metadata runs it beside the metadata translations, so a
 * text added without its translation is refused the same way a metadata label is.
 *
 *   dictionaryProblems([{ file: 'a.tsx', text: "t('Save')" }], { Save: 'Simpan' });   // []
 *   dictionaryProblems([{ file: 'a.tsx', text: '<input title="Find" />' }], {});
 *     // [{ file: 'a.tsx', text: 'Find', attribute: 'title' }]
 *   await rendererDictionaryProblems();   // the product's renderer against its dictionary
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';

export interface DictionaryProblem {
  file: string;
  text: string;
  /** set when the text is a literal attribute drawn past t() (the text may well be in the dictionary) */
  attribute?: string;
}

/**
 * Files another helper was splitting while the rest of the renderer was wrapped in t(): their
 * literal attributes are not refused yet (their Indonesian is in `ID` already). The lead empties
 * this list after the merge, with .oxlintrc.json's override of the same files (scripts/i18n-codemod.py
 * wraps them).
 */
export const NOT_YET_TRANSLATED: readonly string[] = [];

/** `t('…')` / `t("…")` / `tNodes('…', …)` with a literal text (a call on a variable is the caller's: it passes texts that are keys). */
const CALL = /(?<![\w.$])(?:t|tNodes)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")\s*[,)]/g;

/** The attributes that are drawn (or read out), with a literal string: `title="…"`, `label={'…'}`. */
export const DRAWN_ATTRIBUTES = ['label', 'placeholder', 'title', 'aria-label', 'emptyText', 'loadingLabel', 'alt', 'text', 'confirmLabel'] as const;
const ATTRIBUTE = new RegExp(
  `(?<![\\w.$-])(${DRAWN_ATTRIBUTES.join('|')})=(?:"([^"\\\\\\n]*)"|'([^'\\\\\\n]*)'|\\{\\s*'((?:[^'\\\\\\n]|\\\\.)*)'\\s*\\}|\\{\\s*"((?:[^"\\\\\\n]|\\\\.)*)"\\s*\\})`,
  'g',
);

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>', nbsp: '\u00a0' };
const decode = (s: string): string => s.replace(/&(\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);

export interface DictionaryOptions {
  /** texts that may stand literally (the symbols of lint's allowedStrings) */
  allowed?: readonly string[];
  /** files whose literal attributes are not refused yet (NOT_YET_TRANSLATED) */
  notYetTranslated?: readonly string[];
}

/**
 * The literal texts of the sources without an entry in the dictionary, one problem per file and
 * text; and, in .tsx files, each literal drawn attribute not through t(), one per file and text.
 */
export function dictionaryProblems(sources: { file: string; text: string }[], dictionary: Record<string, string>, options: DictionaryOptions = {}): DictionaryProblem[] {
  const allowed = new Set(options.allowed ?? []);
  const skipped = new Set(options.notYetTranslated ?? []);
  const out: DictionaryProblem[] = [];
  for (const s of sources) {
    const seen = new Set<string>();
    // comments are not drawn: block comments and whole-line `//` comments left out
    const code = s.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(CALL)) {
      const text = unescape(m[1] ?? m[2] ?? '');
      if (seen.has(text) || Object.hasOwn(dictionary, text)) continue;
      seen.add(text);
      out.push({ file: s.file, text });
    }
    if (!s.file.endsWith('.tsx') || skipped.has(s.file)) continue;
    const attributes = new Set<string>();
    for (const m of code.matchAll(ATTRIBUTE)) {
      const attribute = m[1]!;
      const text = m[2] !== undefined || m[3] !== undefined ? decode(m[2] ?? m[3]!) : unescape(m[4] ?? m[5]!);
      const key = `${attribute}\u0000${text}`;
      if (!text.trim() || allowed.has(text) || attributes.has(key)) continue;
      attributes.add(key);
      out.push({ file: s.file, text, attribute });
    }
  }
  return out;
}

/** lint's allowedStrings (the react/jsx-no-literals override of .oxlintrc.json, JSON with `//` comment lines). */
export function lintAllowedStrings(config: string): string[] {
  const parsed = JSON.parse(config.replace(/^\s*\/\/.*$/gm, '')) as { overrides?: { rules?: Record<string, unknown> }[] };
  for (const o of parsed.overrides ?? []) {
    const rule = o.rules?.['react/jsx-no-literals'];
    if (Array.isArray(rule) && rule.length > 1) return ((rule[1] as { allowedStrings?: string[] }).allowedStrings ?? []).slice();
  }
  return [];
}

async function sourcesUnder(dir: string, root: string): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...(await sourcesUnder(p, root)));
    else if (/\.tsx?$/.test(d.name)) out.push({ file: relative(root, p), text: await readFile(p, 'utf8') });
  }
  return out;
}

/** renderer/src against renderer/src/i18n.ts's dictionary (`root`: the repository's folder). */
export async function rendererDictionaryProblems(root = fileURLToPath(new URL('../..', import.meta.url))): Promise<DictionaryProblem[]> {
  // by its path: the renderer's module is typed by the renderer's project, not the engine's
  const dictionary = join(root, 'renderer/src/i18n.ts');
  const { ID } = (await import(/* @vite-ignore */ pathToFileURL(dictionary).href)) as { ID: Record<string, string> };
  const allowed = lintAllowedStrings(await readFile(join(root, '.oxlintrc.json'), 'utf8'));
  return dictionaryProblems(await sourcesUnder(join(root, 'renderer/src'), root), ID, { allowed, notYetTranslated: NOT_YET_TRANSLATED });
}
