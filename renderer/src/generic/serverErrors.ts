import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { errorMessage, isApiError } from '../api/errors';
import { humanize } from './columns';
import { t } from '../i18n';

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

/** Whether the form shows an error at `path`: a field of its schema (a line's any field: its row shows it). */
const shownAt = (schema: RJSFSchema, path: string): boolean => {
  const top = path.split('/').filter(Boolean)[0];
  return top !== undefined && Object.prototype.hasOwnProperty.call(schema.properties ?? {}, top);
};

/**
 * The places of several problems, a line's fields together and the lines in order:
 * "Received Items line 1: Quantity; Received Items line 2: Certificate Type, Certificate No.".
 */
function places(schema: RJSFSchema, errors: ReadonlyArray<{ path: string }>): string {
  const byPlace = new Map<string, string[]>();
  // lines in order; a line's fields in the order the answer gives them (the sort is stable)
  const placeOf = (path: string) => path.split('/').filter(Boolean).slice(0, -1).join('/');
  const sorted = [...errors].sort((a, b) => placeOf(a.path).localeCompare(placeOf(b.path), 'en', { numeric: true }));
  for (const { path } of sorted) {
    const parts = path.split('/').filter(Boolean);
    if (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1] ?? '')) parts.push(''); // a line itself: its place, no field
    const field = parts.length > 1 && parts[parts.length - 1] ? describePath(schema, `/${parts.join('/')}`).split(', ').pop() ?? '' : '';
    const place = parts.length > 1 ? describePath(schema, `/${parts.slice(0, -1).join('/')}`) : describePath(schema, path);
    const fields = byPlace.get(place) ?? [];
    if (field && !fields.includes(field)) fields.push(field);
    byPlace.set(place, fields);
  }
  return [...byPlace].map(([place, fields]) => (fields.length ? `${place}: ${fields.join(', ')}` : place)).join('; ');
}

/**
 * Every 4xx answer with field paths (schema, lifecycle, plugin rules, a posting's problems) marks
 * those fields and lines, all at once, under the server's own message in the toast. One problem at
 * a field is said in full; several are named by place only, each said at its field (issue 37 point 11,
 * decision 0377), and what no field of the form shows is said in full. Anything else shows its
 * message.
 */
export function failureReport(e: unknown, schema: RJSFSchema): FailureReport {
  if (isApiError(e) && e.status >= 400 && e.status < 500 && e.errors.length) {
    const said = (x: { path: string; message: string }) => `${describePath(schema, x.path)}: ${x.message}`;
    const shown = e.errors.filter((x) => shownAt(schema, x.path));
    const text =
      shown.length <= 1
        ? e.errors.map(said).join('; ')
        : [
            `${t('{n} problems, each marked at its field:', { n: shown.length })} ${places(schema, shown)}`,
            ...e.errors.filter((x) => !shownAt(schema, x.path)).map(said),
          ].reduce((text, part) => (text ? `${text}${/[.!?]$/.test(text) ? '' : '.'} ${part}` : part), '');
    return { errorSchema: toErrorSchema(e.errors), title: e.body.message || undefined, text };
  }
  return { text: errorMessage(e) };
}
