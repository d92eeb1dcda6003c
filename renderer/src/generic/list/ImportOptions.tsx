import { t, tNodes } from '../../i18n';
interface ImportOptionsProps {
  keys: { field: string; label: string }[];
  policy: 'all' | 'valid';
  onPolicy: (policy: 'all' | 'valid') => void;
  /** The unique field rows are updated by ('' : always add). */
  updateBy: string;
  onUpdateBy: (field: string) => void;
  onFile: (file: File | null) => void;
}

/** An import's file, its policy (all or nothing, valid rows only) and the unique field it updates by. */
export function ImportOptions({ keys, policy, onPolicy, updateBy, onUpdateBy, onFile }: ImportOptionsProps) {
  return (
    <div className="import-options">
        <input type="file" aria-label={t('File')} accept=".xlsx,.csv" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
        <label>
          <input type="radio" name="policy" checked={policy === 'all'} onChange={() => onPolicy('all')} /> {t('All or nothing')}
        </label>
        <label>
          <input type="radio" name="policy" checked={policy === 'valid'} onChange={() => onPolicy('valid')} /> {t('Valid rows only')}
        </label>
        {keys.length ? (
          <label>
            {tNodes('Update rows with the same {field}', { field: (
            <select key="field" value={updateBy} onChange={(e) => onUpdateBy(e.target.value)} aria-label={t('Update by')}>
              <option value="">{t('(always add)')}</option>
              {keys.map((k) => (
                <option key={k.field} value={k.field}>
                  {k.label}
                </option>
              ))}
            </select>
            ) })}
          </label>
        ) : null}
      </div>
  );
}
