import { DateInput } from '../../ui/DateInput';
import { t } from '../../i18n';
import { useId, useMemo, useState } from 'react';
import { LookupDialog } from '../../ui/LookupDialog';
import { SearchBox } from '../../ui/SearchBox';
import { referenceLoader, rememberDisplay, useReferenceDisplay } from '../reference';
import type { FilterControl } from './filterControls';

interface FilterBarProps {
  controls: FilterControl[];
  /** Effective values by parameter (URL, else default). */
  values: Record<string, string>;
  onChange: (param: string, value: string) => void;
  onClearAll: () => void;
  /** The list's entity (reference filters look up through it). */
  entity: string;
}

function ReferenceFilter({
  control,
  id,
  value,
  entity,
  onChange,
}: {
  control: FilterControl;
  id: string;
  value: string;
  entity: string;
  onChange: (v: string) => void;
}) {
  const field = control.filter.field;
  const [open, setOpen] = useState(false);
  const { text, loading } = useReferenceDisplay(entity, field, value, control.target);
  const load = useMemo(() => referenceLoader(entity, field), [entity, field]);
  return (
    <>
      <div className="input-group lookup-input">
        <input
          id={id}
          type="text"
          readOnly
          className="clickable-input"
          value={loading ? '' : text}
          placeholder={loading ? t('Loading…') : t('All')}
          data-param={control.params[0]}
          data-value={value}
          onClick={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
        {value ? (
          <button type="button" className="input-btn" aria-label={`Clear ${control.label}`} onClick={() => onChange('')}>
            ×
          </button>
        ) : null}
        <button type="button" className="input-btn" aria-label={`Choose ${control.label}`} onClick={() => setOpen(true)}>
          …
        </button>
      </div>
      {open ? (
        <LookupDialog
          title={`Filter by ${control.label}`}
          load={load}
          selectedKey={value || null}
          onSelect={(item) => {
            rememberDisplay(entity, field, item.key, item.display);
            onChange(item.key);
            setOpen(false);
          }}
          onClear={value ? () => onChange('') : undefined}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function Input({
  control,
  param,
  id,
  value,
  entity,
  placeholder,
  label,
  onChange,
}: {
  control: FilterControl;
  param: string;
  id: string;
  value: string;
  entity: string;
  placeholder?: string;
  label?: string;
  onChange: (v: string) => void;
}) {
  switch (control.kind) {
    case 'enum':
      return (
        <select id={id} name={param} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('All')}</option>
          {(control.values ?? []).map((v) => (
            <option key={String(v.code)} value={String(v.code)}>
              {v.label}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <select id={id} name={param} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('All')}</option>
          <option value="1">{t('Yes')}</option>
          <option value="0">{t('No')}</option>
        </select>
      );
    case 'date':
    case 'datetime':
      return (
        <DateInput id={id} name={param} ariaLabel={label} value={value} onChange={onChange} />
      );
    case 'reference':
      return <ReferenceFilter control={control} id={id} value={value} entity={entity} onChange={onChange} />;
    default:
      return (
        <SearchBox
          id={id}
          name={param}
          type={control.kind === 'number' ? 'number' : 'search'}
          className="filter-input"
          value={value}
          placeholder={placeholder ?? (control.filter.op === 'contains' ? t('Contains…') : '')}
          label={label ?? control.label}
          onSearch={onChange}
        />
      );
  }
}

/**
 * The list's filters (metadata `filters`): text and numbers apply after a 500 ms pause or on
 * Enter, selects and dates at once; `between` gives a from and a to input.
 */
export function FilterBar({ controls, values, onChange, onClearAll, entity }: FilterBarProps) {
  const base = useId();
  if (controls.length === 0) return null;
  const active = controls.some((c) => c.params.some((p) => (values[p] ?? '') !== ''));
  return (
    <div className="filter-bar" role="group" aria-label={t('Filters')} data-testid="list-filters">
      {controls.map((c, i) => {
        const id = `${base}-f${i}`;
        if (c.filter.op === 'between') {
          const [from, to] = c.params;
          return (
            <div className="filter-item filter-range" key={c.filter.param}>
              <label htmlFor={`${id}-from`}>{c.label}</label>
              <div className="range-inputs">
                <Input
                  control={c}
                  param={from}
                  id={`${id}-from`}
                  value={values[from] ?? ''}
                  entity={entity}
                  placeholder={t('From')}
                  label={`${c.label} from`}
                  onChange={(v) => onChange(from, v)}
                />
                <span className="range-sep" aria-hidden="true">
                  –
                </span>
                <Input
                  control={c}
                  param={to}
                  id={`${id}-to`}
                  value={values[to] ?? ''}
                  entity={entity}
                  placeholder={t('To')}
                  label={`${c.label} to`}
                  onChange={(v) => onChange(to, v)}
                />
              </div>
            </div>
          );
        }
        const param = c.params[0];
        return (
          <div className="filter-item" key={param}>
            <label htmlFor={id}>{c.label}</label>
            <Input control={c} param={param} id={id} value={values[param] ?? ''} entity={entity} onChange={(v) => onChange(param, v)} />
          </div>
        );
      })}
      {active ? (
        <div className="filter-item filter-actions">
          <button type="button" className="btn btn-link" onClick={onClearAll}>
            {t('Clear filters')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
