/**
 * Generates the committed types (so typecheck needs no generation step):
 * - engine/src/metadata/types.gen.ts from metadata.schema.json with json-schema-to-typescript;
 * - engine/src/db/schema.gen.ts, the Kysely database interface, from the product's metadata;
 * - engine/src/db/rows.gen.ts, the JSON row of every entity as the API sends it (plugins, server and renderer).
 * `npm run gen:types -- --check` fails when a committed file is out of date (run by the test suite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { generateDbTypes } from './gen-db-types.ts';
import { generateApiTypes } from './gen-api-types.ts';

const schemaPath = fileURLToPath(new URL('../src/metadata/metadata.schema.json', import.meta.url));
const outPath = fileURLToPath(new URL('../src/metadata/types.gen.ts', import.meta.url));
const dbOutPath = fileURLToPath(new URL('../src/db/schema.gen.ts', import.meta.url));
const apiOutPath = fileURLToPath(new URL('../src/db/rows.gen.ts', import.meta.url));
const metadataDirs = [fileURLToPath(new URL('../core-metadata', import.meta.url)), fileURLToPath(new URL('../../metadata', import.meta.url))];

export async function generateTypes(): Promise<string> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
  return compile(schema, 'MetadataDocument', {
    bannerComment: '/* Generated from metadata.schema.json by engine/scripts/gen-types.ts. Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { singleQuote: true },
  });
}

/** Each generated file and what it should hold now. */
async function outputs(): Promise<[string, string][]> {
  return [
    [outPath, await generateTypes()],
    [dbOutPath, await generateDbTypes(metadataDirs)],
    [apiOutPath, await generateApiTypes(metadataDirs)],
  ];
}

const nameOf = (path: string) => relative(fileURLToPath(new URL('../..', import.meta.url)), path);

/** The committed generated files that differ from what the schema and metadata give now. */
export async function staleGeneratedFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, ts] of await outputs()) if ((await readFile(path, 'utf8').catch(() => '')) !== ts) stale.push(nameOf(path));
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let stale = false;
  for (const [path, ts] of await outputs()) {
    const name = nameOf(path);
    if (process.argv.includes('--check')) {
      const current = await readFile(path, 'utf8').catch(() => '');
      if (current !== ts) {
        console.error(`${name} is out of date: run npm run gen:types`);
        stale = true;
      } else console.log(`${name} is up to date`);
    } else {
      await writeFile(path, ts);
      console.log(`wrote ${name}`);
    }
  }
  if (stale) process.exit(1);
}
