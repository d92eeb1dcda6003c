import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../i18n';
import { LIMIT_OPTIONS } from './paging';

interface LimitSelectProps {
  value: number;
  onChange: (limit: number) => void;
  /** Spec §9: the limit applies after a 500 ms pause. */
  delay?: number;
}

/** Rows per page: exactly the spec's options (10, 15, 20, 25, 30, 40, 50). */
export function LimitSelect({ value, onChange, delay = 500 }: LimitSelectProps) {
  const id = useId();
  const [pending, setPending] = useState<number | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (pending === null) return undefined;
    const timer = window.setTimeout(() => {
      setPending(null);
      if (pending !== value) onChangeRef.current(pending);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [pending, value, delay]);

  const shown = pending ?? value;
  return (
    <label className="limit-select" htmlFor={id}>
      {t('Show')}
      <select id={id} name="limit" value={shown} onChange={(e) => setPending(Number(e.target.value))}>
        {LIMIT_OPTIONS.includes(shown as (typeof LIMIT_OPTIONS)[number]) ? null : <option value={shown}>{shown}</option>}
        {LIMIT_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {t('entries')}
    </label>
  );
}

/** A limit from the URL or metadata, kept to the spec's options (else the fallback). */
export function validLimit(n: number, fallback: number): number {
  if (LIMIT_OPTIONS.includes(n as (typeof LIMIT_OPTIONS)[number])) return n;
  return LIMIT_OPTIONS.includes(fallback as (typeof LIMIT_OPTIONS)[number]) ? fallback : 10;
}
