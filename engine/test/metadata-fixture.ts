/**
 * What the metadata tests share: the product's own metadata as the server loads it (engine's core
 * folder, then metadata/), and the smallest module declaration a made-up tree of files starts from.
 */
import { fileURLToPath } from 'node:url';
import { loadMetadata } from '../src/metadata/loader.ts';

/** The repository's folder, ending in a slash. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The product's registry from engine/core-metadata and metadata/ (what `npm run check:metadata` reads). */
export const loadProductMetadata = () => loadMetadata([`${REPO_ROOT}engine/core-metadata`, `${REPO_ROOT}metadata`]);

/** shell/modules.yaml of a made-up tree: the shell and one module, stores. */
export const SHELL_AND_STORES = `
module: shell
modules:
  - { name: shell, title: Shell, shell: true }
  - { name: stores, title: Stores }
`;
