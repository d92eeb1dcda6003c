import type { ErrorSchema } from '@rjsf/utils';

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
