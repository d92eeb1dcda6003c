/**
 * Generates engine/src/metadata/types.gen.ts from metadata.schema.json with json-schema-to-typescript.
 * The output is committed (so typecheck needs no generation step); `npm run gen:types -- --check`
 * fails when the committed file is out of date (run by the test suite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const schemaPath = fileURLToPath(new URL('../src/metadata/metadata.schema.json', import.meta.url));
const outPath = fileURLToPath(new URL('../src/metadata/types.gen.ts', import.meta.url));

export async function generateTypes(): Promise<string> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
  return compile(schema, 'MetadataDocument', {
    bannerComment: '/* Generated from metadata.schema.json by engine/scripts/gen-types.ts. Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { singleQuote: true },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ts = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = await readFile(outPath, 'utf8').catch(() => '');
    if (current !== ts) {
      console.error('engine/src/metadata/types.gen.ts is out of date: run npm run gen:types');
      process.exit(1);
    }
    console.log('types.gen.ts is up to date');
  } else {
    await writeFile(outPath, ts);
    console.log(`wrote ${outPath}`);
  }
}
