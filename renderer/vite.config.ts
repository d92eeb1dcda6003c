import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

/**
 * Writes a .br and a .gz beside every built text file of 1 KB and more, at the best compression,
 * once per build; the server sends them as they are (@fastify/static preCompressed) to clients that
 * accept them, so no request pays for compressing the renderer.
 */
function precompress(dir: string): { name: string; apply: 'build'; closeBundle: () => void } {
  return {
    name: 'aeroerp-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
      for (const file of walk(dir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react(), precompress(here('../dist/renderer'))],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
