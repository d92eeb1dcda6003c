/**
 * `npm run check:metadata [-- dir ...]`: loads and validates the metadata tree the server would load
 * (engine/core-metadata, metadata/ and METADATA_EXTRA_DIRS, or the folders given) and prints every
 * problem as `file: path: reason`; for the product's own tree it also checks that the committed
 * generated types (`npm run gen:types`) are current, that every action's `run:` is the function its
 * registered action calls (engine/src/metadata/action-handlers.ts, with the product's plugins), and that every label a user sees has its
 * Indonesian translation (engine/src/metadata/i18n.ts, decision 0144), and so has every text the
 * renderer draws itself (engine/scripts/renderer-dictionary.ts); and that no text a reader sees names a
 * source path, a file or a field (engine/src/metadata/reader-texts.ts). Exit code 1 on any problem.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { loadMetadata, MetadataError } from '../src/metadata/loader.ts';
import { staleGeneratedFiles } from './gen-types.ts';
import { translationProblems } from '../src/metadata/i18n.ts';
import { rendererDictionaryProblems } from './renderer-dictionary.ts';
import { readerTextProblems } from '../src/metadata/reader-texts.ts';
import { checkActionHandlers } from '../src/metadata/action-handlers.ts';
import { PluginHost } from '../src/plugins/host.ts';
import { workflowActions } from '../src/workflow/actions.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2).map((d) => resolve(d))
  : [resolve(root, 'engine/core-metadata'), resolve(process.env.METADATA_DIR ?? resolve(root, 'metadata')), ...(process.env.METADATA_EXTRA_DIRS ?? '').split(':').filter(Boolean)];
const t = performance.now();
try {
  const reg = await loadMetadata(dirs);
  console.log(
    `Metadata OK: ${reg.files.length} files, ${reg.modules.size} modules, ${reg.entities.size} entities, ${reg.screens.size} routes, ${reg.menus.length} menu entries (${(performance.now() - t).toFixed(0)} ms).`,
  );
  // every action's run: is the function its registered action calls (decision 0400): the product's plugins, as the server starts them
  const { plugins } = await import('../../plugins/index.ts');
  const unbound = await checkActionHandlers(reg, new PluginHost(plugins, workflowActions(reg)));
  if (unbound.length) throw new MetadataError(unbound);
  console.log('Action handlers bound: every run: names the function its action calls.');
  const untranslated = translationProblems(reg);
  if (untranslated.length) {
    console.error(`Translations are incomplete (${untranslated.length} problem${untranslated.length === 1 ? '' : 's'}):\n` + untranslated.map((p) => `  ${p.file}: ${p.path}: ${p.reason}`).join('\n'));
    process.exit(1);
  }
  // no source path, file name or field name in a text a person reads (issue 37 point 6)
  const internal = readerTextProblems(reg);
  if (internal.length) {
    console.error(`Texts show internal words (${internal.length}):\n` + internal.map((p) => `  ${p.file}: ${p.path}: ${p.reason}`).join('\n'));
    process.exit(1);
  }
  console.log(`Translations complete: ${[...reg.dictionaries.values()].reduce((n, m) => n + m.size, 0)} translation files.`);
  // the product's tree: the committed types generated from it must be current (typecheck and the suite read them)
  if (!process.argv.slice(2).length) {
    const stale = await staleGeneratedFiles();
    if (stale.length) {
      console.error(`Generated types are out of date (${stale.join(', ')}): run npm run gen:types`);
      process.exit(1);
    }
    console.log('Generated types are current.');
    // the texts the renderer draws itself have their translation too (issue 37 point 9)
    const problems = await rendererDictionaryProblems();
    const missing = problems.filter((p) => !p.attribute);
    const literal = problems.filter((p) => p.attribute);
    if (missing.length) console.error(`The renderer's dictionary is incomplete (${missing.length}), renderer/src/i18n.ts ID has no Indonesian for:\n` + missing.map((p) => `  ${p.file}: ${JSON.stringify(p.text)}`).join('\n'));
    if (literal.length) console.error(`The renderer draws ${literal.length} literal attribute text(s) past t() (write attr={t('…')}, its Indonesian in ID):\n` + literal.map((p) => `  ${p.file}: ${p.attribute}=${JSON.stringify(p.text)}`).join('\n'));
    if (problems.length) process.exit(1);
    console.log("Renderer dictionary complete.");
  }
} catch (e) {
  if (e instanceof MetadataError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
