import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { lookupCopy } from '../../api/data';
import { errorMessage } from '../../api/errors';
import type { DataRow } from '../../api/types';
import { LookupDialog } from '../../ui/LookupDialog';
import { useToast } from '../../ui/toast/toastContext';
import { referenceLoader, rememberDisplay, useReferenceDisplay } from '../reference';
import { formContextOf } from './formContext';
import { LookupButtons } from './LookupButtons';
import { lookupMetaOf, matchQuery } from './lookupMeta';
import { baseType, emptyValueOf } from './schemaTypes';

/**
 * A reference field (`x-reference`): a read-only input with the referenced row's display text and
 * a button opening the lookup dialog (GET data/{entity}/lookup/{field}); clearing is offered when
 * the field is not required. `ui:options` may name `lookupEntity`/`lookupField` (line cells).
 */
export function LookupWidget(p: WidgetProps) {
  const ctx = formContextOf(p.registry);
  const entity = typeof p.options.lookupEntity === 'string' ? p.options.lookupEntity : ctx.entity;
  const field = typeof p.options.lookupField === 'string' ? p.options.lookupField : p.name;
  const [open, setOpen] = useState(false);
  const target = typeof p.schema['x-reference'] === 'string' ? p.schema['x-reference'] : undefined;
  const { text, loading } = useReferenceDisplay(entity, field, p.value, target);
  const toast = useToast();
  const meta = lookupMetaOf(p.schema);
  // the document's matched values, read when the dialog opens (the loader is made then)
  const match = open ? JSON.stringify(matchQuery(meta, ctx.values())) : '';
  const load = useMemo(() => referenceLoader(entity, field, match ? (JSON.parse(match) as Record<string, string>) : {}), [entity, field, match]);
  const onCopy = typeof p.options.onCopy === 'function' ? (p.options.onCopy as (values: DataRow) => void) : ctx.applyCopy;
  const locked = Boolean(p.readonly || p.disabled);
  const hasValue = p.value !== null && p.value !== undefined && p.value !== '';
  const label = p.label || field;

  const choose = (key: string, display: string) => {
    rememberDisplay(entity, field, key, display);
    const t = baseType(p.schema);
    p.onChange(t === 'integer' || t === 'number' ? Number(key) : key);
    setOpen(false);
    // pull-forward: what the choice copies (vendor, lines still to receive, …) fills the form
    if (meta?.copy) {
      lookupCopy(entity, field, key, matchQuery(meta, ctx.values()))
        .then((res) => onCopy(res?.data ?? {}))
        .catch((e: unknown) => toast.error(errorMessage(e)));
    }
  };

  return (
    <>
      <div className={`input-group lookup-input${p.rawErrors?.length ? ' has-error' : ''}`}>
        <input
          id={p.id}
          name={p.htmlName || p.id}
          type="text"
          readOnly
          value={loading ? '' : text}
          placeholder={loading ? 'Loading…' : locked ? '' : p.placeholder || `Select ${label}…`}
          aria-label={p.hideLabel ? label : undefined}
          aria-invalid={p.rawErrors?.length ? true : undefined}
          data-value={hasValue ? String(p.value) : ''}
          className={locked ? undefined : 'clickable-input'}
          onClick={() => !locked && setOpen(true)}
          onKeyDown={(e) => {
            if (!locked && (e.key === 'Enter' || e.key === ' ' || e.key === 'F4')) {
              e.preventDefault();
              setOpen(true);
            }
          }}
          onBlur={() => p.onBlur(p.id, p.value)}
          onFocus={() => p.onFocus(p.id, p.value)}
        />
        {locked ? null : <LookupButtons label={label} clearable={hasValue && !p.required} onClear={() => p.onChange(emptyValueOf(p.schema))} onChoose={() => setOpen(true)} />}
      </div>
      {open ? (
        <LookupDialog
          title={`Select ${label}`}
          load={load}
          selectedKey={hasValue ? String(p.value) : null}
          onSelect={(item) => choose(item.key, item.display)}
          onClear={!p.required && hasValue ? () => p.onChange(emptyValueOf(p.schema)) : undefined}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
