/**
 * Texts a person reads carry no internal words (issue 37 point 6, decision 0285): no source path or
 * file name (`plugins/`, `docs/`, `.md`, `.ts`, `.yaml`) and no identifier that looks like a field
 * name (`insp_group_overhaul`, `wo_no`) in any label, help, title or other text of the metadata the
 * renderer shows (every site eachLabel visits). `npm run check:metadata` refuses them.
 */
import type { Registry } from './registry.ts';
import { eachLabel } from './i18n.ts';

export interface ReaderTextProblem {
  file: string;
  path: string;
  reason: string;
}

const INTERNAL: Array<{ re: RegExp; what: string }> = [
  { re: /(?:^|[\s("'`])((?:plugins|docs|engine|metadata|renderer|server|fixtures)\/)/, what: 'a source path' },
  { re: /\.(?:md|ts|tsx|ya?ml|sql|hbs)\b/, what: 'a file name' },
  { re: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/, what: 'a field name' },
];

/** The internal word a text carries (`'a source path: plugins/'`), or null when it has none. */
export function internalWord(text: string): string | null {
  for (const { re, what } of INTERNAL) {
    const m = re.exec(text);
    if (m) return `${what} (${m[1] ?? m[0]})`;
  }
  return null;
}

/** Every metadata text a reader sees that names a file, a source path or a field name, by file and path. */
export function readerTextProblems(reg: Registry): ReaderTextProblem[] {
  const problems: ReaderTextProblem[] = [];
  eachLabel(reg, (s) => {
    const word = internalWord(s.text);
    if (word) problems.push({ file: s.file, path: s.path, reason: `'${s.text}' shows ${word} to its reader: say it in the reader's words` });
  });
  return problems;
}
