import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { errorMessage, isApiError } from '../api/errors';
import { humanize } from './columns';

/** Turns the server's `errors: [{path: '/a/0/b', message}]` into an rjsf error schema. */
export function toErrorSchema(errors: ReadonlyArray<{ path: string; message: string }>): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    const parts = path.split('/').filter(Boolean);
    let node = root;
    for (const part of parts) {
      const next = (node[part] as Record<string, unknown> | undefined) ?? {};
      node[part] = next;
      node = next;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    list.push(message);
    node.__errors = list;
  }
  return root as ErrorSchema;
}

const titleOf = (schema: RJSFSchema | undefined, name: string): string =>
  typeof schema?.title === 'string' && schema.title ? schema.title : humanize(name);

/**
 * The words a user reads for a server error path: `/lines/0/po_line` → "Received Items line 1, PO Line"
 * (the titles of the form's schema; humanised names where it has none).
 */
export function describePath(schema: RJSFSchema, path: string): string {
  let out = '';
  let node: RJSFSchema | undefined = schema;
  for (const part of path.split('/').filter(Boolean)) {
    if (/^\d+$/.test(part)) {
      out += ` line ${Number(part) + 1}`;
      const items: unknown = node?.items;
      node = items && typeof items === 'object' && !Array.isArray(items) ? (items as RJSFSchema) : undefined;
      continue;
    }
    const next = node?.properties?.[part] as RJSFSchema | undefined;
    out += `${out ? ', ' : ''}${titleOf(next, part)}`;
    node = next;
  }
  return out || 'Form';
}

/** What a failed save or action tells the user: the fields to mark, the toast's title and text. */
export interface FailureReport {
  /** The fields and lines to mark (only when the answer named some). */
  errorSchema?: ErrorSchema;
  /** The toast's title: the server's message when it named fields ("Please fill the form correctly."). */
  title?: string;
  text: string;
}

/**
 * Every 4xx answer with field paths (schema, lifecycle, plugin rules) marks those fields and lines
 * and says each in the toast under the server's own message; anything else shows its message.
 */
export function failureReport(e: unknown, schema: RJSFSchema): FailureReport {
  if (isApiError(e) && e.status >= 400 && e.status < 500 && e.errors.length) {
    const text = e.errors.map((x) => `${describePath(schema, x.path)}: ${x.message}`).join('; ');
    return { errorSchema: toErrorSchema(e.errors), title: e.body.message || undefined, text };
  }
  return { text: errorMessage(e) };
}
