/**
 * `npm run gen:actions`: writes docs/actions.md, every route's actions from the product's metadata
 * (engine/core-metadata, metadata/) with their label, letter, whether they are a certifying
 * signature, and their handler (`run:`, decision 0400), grouped by module.
 * `npm run gen:actions -- --check` fails when the committed file is out of date (scripts/test-all.sh).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadMetadata } from '../src/metadata/loader.ts';
import type { Registry } from '../src/metadata/registry.ts';

const outPath = fileURLToPath(new URL('../../docs/actions.md', import.meta.url));
const metadataDirs = [fileURLToPath(new URL('../core-metadata', import.meta.url)), fileURLToPath(new URL('../../metadata', import.meta.url))];

/** A table cell: pipes escaped, one line. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** Where a `run:` leads: the plugin file and export, or the engine's send/cancel. */
function handler(run: string): string {
  const [file, fn] = run.split('#');
  return file === 'engine' ? `\`engine#${fn}\` (engine/src/workflow/actions.ts)` : `\`${run}\` (plugins/${file}.ts)`;
}

export function actionsDocument(reg: Registry): string {
  const out: string[] = [
    '# Actions',
    '',
    '<!-- Generated from metadata by engine/scripts/gen-actions.ts (npm run gen:actions). Do not edit: `npm run gen:actions -- --check` fails when it is stale. -->',
    '',
    "Every action a list or form offers, by module and route: the screen's metadata file, the action's",
    'name (`POST /api/data/:entity/action/:name`), its label, the letter it needs (decision 0120),',
    'whether it is a certifying signature (password and second factor, decision 0301), and its handler:',
    'the `run:` of the entry, `module/file#export` for `plugins/<module>/<file>.ts` and its exported',
    "function, `engine#send` / `engine#cancel` for the engine's send and cancel of a document with",
    '`workflow:`. The server checks at start that each is the very function the registered action',
    'calls (engine/src/metadata/action-handlers.ts, decision 0400); every action runs through the one',
    'runner, engine/src/crud/run-action.ts.',
  ];
  const modules = [...reg.modules.values()].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name));
  let total = 0;
  for (const m of modules) {
    const rows: string[] = [];
    const screens = [...reg.screens.values()].filter((s) => s.module === m.name && (s.kind === 'list' || s.kind === 'form')).sort((a, b) => a.route.localeCompare(b.route));
    for (const s of screens) {
      if (s.kind !== 'list' && s.kind !== 'form') continue;
      for (const a of s.actions) {
        rows.push(`| \`/${s.module}/${s.route}\` | ${s.file} | \`${a.name}\` | ${cell(a.label)} | ${a.letter} | ${a.signature ? 'yes' : 'no'} | ${handler(a.run)} |`);
      }
    }
    if (!rows.length) continue;
    total += rows.length;
    out.push('', `## ${cell(m.title)} (\`${m.name}\`)`, '', '| route | metadata | action | label | letter | signature | handler |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows);
  }
  out.push('', `${total} actions.`, '');
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = actionsDocument(await loadMetadata(metadataDirs));
  if (process.argv.includes('--check')) {
    const current = await readFile(outPath, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('docs/actions.md is out of date: run npm run gen:actions');
      process.exit(1);
    }
    console.log('docs/actions.md is up to date');
  } else {
    await writeFile(outPath, text);
    console.log('wrote docs/actions.md');
  }
}
