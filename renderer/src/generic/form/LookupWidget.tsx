import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { LookupDialog } from '../../ui/LookupDialog';
import { referenceLoader, rememberDisplay, useReferenceDisplay } from '../reference';
import { formContextOf } from './formContext';
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
  const load = useMemo(() => referenceLoader(entity, field), [entity, field]);
  const locked = Boolean(p.readonly || p.disabled);
  const hasValue = p.value !== null && p.value !== undefined && p.value !== '';
  const label = p.label || field;

  const choose = (key: string, display: string) => {
    rememberDisplay(entity, field, key, display);
    const t = baseType(p.schema);
    p.onChange(t === 'integer' || t === 'number' ? Number(key) : key);
    setOpen(false);
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
        {locked ? null : (
          <>
            {hasValue && !p.required ? (
              <button
                type="button"
                className="input-btn"
                aria-label={`Clear ${label}`}
                title="Clear"
                onClick={() => p.onChange(emptyValueOf(p.schema))}
              >
                ×
              </button>
            ) : null}
            <button
              type="button"
              className="input-btn"
              aria-label={`Choose ${label}`}
              title="Choose"
              onClick={() => setOpen(true)}
            >
              …
            </button>
          </>
        )}
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
