import type { RegistrationForm } from '../../api/types';
import type { RegistrationField } from './registrationFields';

interface RegistrationInputProps {
  f: RegistrationField;
  value: string;
  error?: string;
  onChange: (name: keyof RegistrationForm, value: string) => void;
}

/** One field of the registration form: its label (required ones starred), its input and its error. */
export function RegistrationInput({ f, value, error, onChange }: RegistrationInputProps) {
  const id = `reg-${f.name}`;
  return (
    <div className={f.group === 'address' ? 'field span-2' : 'field'}>
      <label htmlFor={id}>
        {f.label}
        {f.required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={f.name}
        type={f.type ?? 'text'}
        placeholder={f.placeholder}
        value={value}
        aria-required={f.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={error ? 'invalid' : undefined}
        onChange={(e) => onChange(f.name, e.target.value)}
      />
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
