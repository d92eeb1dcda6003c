import type { ReactNode } from 'react';

/** A labelled read-only field of the document card, with an optional button beside it (its id stays the same in every language). */
export function ReadOnlyField({ id, label, value, wide = false, children }: { id: string; label: string; value: string; wide?: boolean; children?: ReactNode }) {
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children ? (
        <div className="input-group">
          <input id={id} type="text" readOnly value={value} />
          {children}
        </div>
      ) : (
        <input id={id} type="text" readOnly value={value} />
      )}
    </div>
  );
}
