import type { DataRow } from '../../api/types';

/** What GenericForm hands its widgets through rjsf's `formContext`. */
export interface GenericFormContext {
  /** The form's entity (lookups and uploads of top-level fields). */
  entity: string;
  /** The loaded record (empty for a new one). */
  record: DataRow;
  /** The company currency (session `matauang`) for numeric inputs with `currency`. */
  currency: string;
  /** The form's values as edited now (a lookup's `match` reads the document's fields). */
  values: () => DataRow;
  /** Merges what a lookup's choice copies into the document (header fields; child lines replaced). */
  applyCopy: (values: DataRow) => void;
}

const none = (): DataRow => ({});

export function formContextOf(registry: { formContext?: unknown } | undefined): GenericFormContext {
  const ctx = (registry?.formContext ?? {}) as Partial<GenericFormContext>;
  return {
    entity: ctx.entity ?? '',
    record: ctx.record ?? {},
    currency: ctx.currency ?? '',
    values: ctx.values ?? none,
    applyCopy: ctx.applyCopy ?? (() => undefined),
  };
}
