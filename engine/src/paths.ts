/**
 * The project folder (the one holding package.json, metadata/ and fixtures/), found upwards from a
 * file of the app: the same from the sources (tsx) and from the compiled dist/ tree.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: cannot find the project folder`);
  }
}
