import { useId } from 'react';
import { LIMIT_OPTIONS } from './paging';

export function LimitSelect({ value, onChange }: { value: number; onChange: (limit: number) => void }) {
  const id = useId();
  const options: number[] = LIMIT_OPTIONS.includes(value as (typeof LIMIT_OPTIONS)[number])
    ? [...LIMIT_OPTIONS]
    : [...LIMIT_OPTIONS, value].sort((a, b) => a - b);
  return (
    <label className="limit-select" htmlFor={id}>
      Show
      <select id={id} name="limit" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      entries
    </label>
  );
}
