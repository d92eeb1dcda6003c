/**
 * The check that the renderer draws no text past its dictionary (issue 37 point 9, decision
 * 0425): a literal `t('…')` without its Indonesian, and in a .tsx file a literal drawn attribute
 * (label, placeholder, title, aria-label, emptyText, loadingLabel, alt; text and confirmLabel too) not through t(), are
 * refused; symbols of lint's allowedStrings stand, and the NOT_YET_TRANSLATED files' attributes
 * are not refused yet. `dictionaryProblems` is pure: sources in, problems out.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DRAWN_ATTRIBUTES, NOT_YET_TRANSLATED, dictionaryProblems, lintAllowedStrings } from '../scripts/renderer-dictionary.ts';

const ID = { Find: 'Cari', 'Welcome, {name}': 'Selamat datang, {name}', 'Signed in as {user}': 'Masuk sebagai {user}' };

describe("the renderer's dictionary check", () => {
  it('refuses each literal drawn attribute of a .tsx file, in every quoting, once per file and text', () => {
    const text = [
      '<input title="Find" placeholder=\'Find\' aria-label={\'Find\'} />',
      '<Spinner label={"Loading…"} /><Spinner label="Loading…" />',
      '<DataTable emptyText="No rows" loadingLabel="Wait" /><img alt="Don&apos;t" />',
      '<EmptyState text="Nothing here" /><ConfirmModal confirmLabel="Go" />',
    ].join('\n');
    expect(dictionaryProblems([{ file: 'a.tsx', text }], ID)).toEqual([
      { file: 'a.tsx', text: 'Find', attribute: 'title' },
      { file: 'a.tsx', text: 'Find', attribute: 'placeholder' },
      { file: 'a.tsx', text: 'Find', attribute: 'aria-label' },
      { file: 'a.tsx', text: 'Loading…', attribute: 'label' },
      { file: 'a.tsx', text: 'No rows', attribute: 'emptyText' },
      { file: 'a.tsx', text: 'Wait', attribute: 'loadingLabel' },
      { file: 'a.tsx', text: "Don't", attribute: 'alt' },
      { file: 'a.tsx', text: 'Nothing here', attribute: 'text' },
      { file: 'a.tsx', text: 'Go', attribute: 'confirmLabel' },
    ]);
    expect(DRAWN_ATTRIBUTES).toEqual(['label', 'placeholder', 'title', 'aria-label', 'emptyText', 'loadingLabel', 'alt', 'text', 'confirmLabel']);
  });

  it('lets an attribute through t(), a symbol, an empty text, another attribute and a .ts file stand', () => {
    const sources = [
      { file: 'a.tsx', text: "<input title={t('Find')} placeholder=\"…\" label=\"\" className=\"title\" data-title=\"Find\" subtitle=\"Find\" />" },
      { file: 'b.ts', text: "const html = '<b title=\"Find\">';" },
    ];
    expect(dictionaryProblems(sources, ID, { allowed: ['…'] })).toEqual([]);
  });

  it('skips the NOT_YET_TRANSLATED files for attributes, not for t() without a translation', () => {
    const sources = [{ file: 'c.tsx', text: "<b title=\"Find\">{t('Brand new')}</b>" }];
    expect(dictionaryProblems(sources, ID, { notYetTranslated: ['c.tsx'] })).toEqual([{ file: 'c.tsx', text: 'Brand new' }]);
  });

  it('reads t() with values and tNodes() as texts of the dictionary', () => {
    const sources = [{ file: 'd.tsx', text: "{t('Welcome, {name}', { name })} {tNodes('Signed in as {user}', { user: <b /> })} {tNodes('Unknown {x}', { x })} {t('Missing', {})}" }];
    expect(dictionaryProblems(sources, ID)).toEqual([
      { file: 'd.tsx', text: 'Unknown {x}' },
      { file: 'd.tsx', text: 'Missing' },
    ]);
  });

  it("reads lint's allowedStrings from its config, comments and all, and the config excludes the same files", async () => {
    const config = await readFile(new URL('../../.oxlintrc.json', import.meta.url), 'utf8');
    const allowed = lintAllowedStrings(config);
    expect(allowed).toEqual(expect.arrayContaining(['*', '…', '×', '—', '/']));
    // no word of a sentence is let through: the allowed are symbols, codes and proper names
    expect(allowed.filter((s) => /[a-z]{3,}/.test(s) && !/^(AeroERP|openapi\.json|· OpenAPI 3\.1 ·)$/.test(s))).toEqual([]);
    const parsed = JSON.parse(config.replace(/^\s*\/\/.*$/gm, '')) as { overrides: { files: string[]; rules: Record<string, unknown> }[] };
    const off = parsed.overrides.find((o) => o.rules['react/jsx-no-literals'] === 'off');
    expect([...(off?.files ?? [])].sort()).toEqual([...NOT_YET_TRANSLATED].sort());
  });
});
