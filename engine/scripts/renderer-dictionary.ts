/**
 * The renderer's own texts have their Indonesian (issue 37 point 9): every literal `t('…')` or
 * `t("…")` in renderer/src is a key of the dictionary (renderer/src/i18n.ts `ID`). check:metadata
 * runs it beside the metadata translations, so a text added without its translation is refused
 * the same way a metadata label is.
 *
 *   dictionaryProblems([{ file: 'a.tsx', text: "t('Save')" }], { Save: 'Simpan' });   // []
 *   await rendererDictionaryProblems();   // the product's renderer against its dictionary
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';

export interface DictionaryProblem {
  file: string;
  text: string;
}

/** `t('…')` / `t("…")` with a literal text (a call on a variable is the caller's: it passes texts that are keys). */
const CALL = /(?<![\w.$])t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")\s*\)/g;

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');

/** The literal texts of the sources without an entry in the dictionary, one problem per file and text. */
export function dictionaryProblems(sources: { file: string; text: string }[], dictionary: Record<string, string>): DictionaryProblem[] {
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
  }
  return out;
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
  return dictionaryProblems(await sourcesUnder(join(root, 'renderer/src'), root), ID);
}
