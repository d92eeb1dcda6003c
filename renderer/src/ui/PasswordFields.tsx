export interface PasswordValues {
  password: string;
  new_password: string;
  confirm_password: string;
}

export const emptyPasswords: PasswordValues = { password: '', new_password: '', confirm_password: '' };

const FIELDS: ReadonlyArray<{ name: keyof PasswordValues; label: string; autoComplete: string }> = [
  { name: 'password', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Retype Password', autoComplete: 'new-password' },
];

/** Current, new and retyped password inputs (login change-password view and profile). */
export function PasswordFields({
  values,
  onChange,
}: {
  values: PasswordValues;
  onChange: (v: PasswordValues) => void;
}) {
  return (
    <>
      {FIELDS.map((f) => (
        <label className="field" key={f.name}>
          <span>{f.label}</span>
          <input
            type="password"
            name={f.name}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
          />
        </label>
      ))}
    </>
  );
}
