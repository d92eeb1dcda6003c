/**
 * `npm start`: runs the compiled server (dist/server/src/main.js) with plain node, in this
 * process. It never builds: without a build it stops with a message saying how to make one. In a
 * source checkout it warns when sources are newer than the build (the build is what runs).
 *
 *   npm run build && npm start        (or: node scripts/start.js)
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const server = join(root, 'dist/server/src/main.js');
const renderer = join(root, 'dist/renderer/index.html');

const missing = [
  existsSync(server) ? null : 'the server (dist/server)',
  existsSync(renderer) || process.env.STATIC_DIR ? null : 'the renderer (dist/renderer)',
].filter(Boolean);
if (missing.length) {
  console.error(`AeroERP is not built: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);
  console.error('Run `npm run build` first (it needs the development packages: `npm ci`), or `npm run demo` to install, build and start.');
  process.exit(1);
}

/** Newest modification time under the given folders (0 when none exists, as in a production image). */
function newest(dirs) {
  let t = 0;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|css|html|json)$/.test(e.name) && !e.name.includes('.test.')) t = Math.max(t, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d));
  return t;
}

const built = Math.min(statSync(server).mtimeMs, existsSync(renderer) ? statSync(renderer).mtimeMs : Infinity);
if (newest(['engine/src', 'server/src', 'plugins', 'renderer/src']) > built) {
  console.warn('Warning: sources changed after the last build; this runs the build. Run `npm run build` to include the changes.');
}

// stack traces name the TypeScript sources (the build writes source maps)
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
