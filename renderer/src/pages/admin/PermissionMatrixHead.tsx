import { LETTER_NAMES, LETTERS, type Letter } from './permissionLetters';
import { TriCheckbox } from './TriCheckbox';
import { t } from '../../i18n';

interface PermissionMatrixHeadProps {
  ids: string[];
  has: (id: string, l: Letter) => boolean;
  everything: boolean;
  anything: boolean;
  disabled?: boolean;
  set: (changes: Array<[string, Letter, boolean]>) => void;
}

/** The matrix's letters and its 'all entries' row: a letter on every entry, every letter on every entry. */
export function PermissionMatrixHead({ ids, has, everything, anything, disabled, set }: PermissionMatrixHeadProps) {
  const columnState = (l: Letter) => {
    const n = ids.filter((id) => has(id, l)).length;
    return { all: ids.length > 0 && n === ids.length, some: n > 0 && n < ids.length };
  };
  return (
    <thead>
      <tr>
        <th scope="col">{t('Menu')}</th>
        {LETTERS.map((l) => (
          <th scope="col" key={l} className="col-letter" title={LETTER_NAMES[l]}>
            {l}
          </th>
        ))}
        <th scope="col" className="col-letter">
          {t('All')}
        </th>
      </tr>
      <tr className="matrix-all-row">
        <th scope="row">{t('All entries')}</th>
        {LETTERS.map((l) => {
          const s = columnState(l);
          return (
            <th key={l} className="col-letter">
              <TriCheckbox
                label={`${LETTER_NAMES[l]} on every entry`}
                checked={s.all}
                indeterminate={s.some}
                disabled={disabled || ids.length === 0}
                onChange={(on) => set(ids.map((id) => [id, l, on]))}
              />
            </th>
          );
        })}
        <th className="col-letter">
          <TriCheckbox
            label={t('Every letter on every entry')}
            checked={everything}
            indeterminate={!everything && anything}
            disabled={disabled || ids.length === 0}
            onChange={(on) => set(ids.flatMap((id) => LETTERS.map((l): [string, Letter, boolean] => [id, l, on])))}
          />
        </th>
      </tr>
    </thead>
  );
}
