import type { MenuEntry } from '../../api/types';
import { LETTER_NAMES, LETTERS, type Letter } from './permissionLetters';
import { TriCheckbox } from './TriCheckbox';
import { t } from '../../i18n';

interface PermissionRowProps {
  entry: MenuEntry;
  depth: number;
  /** The entry's letters, as edited. */
  letters: string;
  /** Whether they differ from those loaded. */
  changed: boolean;
  disabled?: boolean;
  set: (changes: Array<[string, Letter, boolean]>) => void;
}

/** One menu entry of the matrix: its title (indented by depth, groups marked), a box per letter and its 'all' box. */
export function PermissionRow({ entry, depth, letters, changed, disabled, set }: PermissionRowProps) {
  const id = String(entry.menu_id);
  const group = !entry.url;
  return (
    <tr className={changed ? 'changed' : undefined} data-menu={entry.name}>
      <th scope="row" className={group ? 'menu-cell group' : 'menu-cell'}>
        <span style={{ paddingLeft: depth * 20 }}>
          {group ? '▸ ' : ''}
          {entry.title}
        </span>
        {changed ? <span className="badge badge-muted">{t('changed')}</span> : null}
      </th>
      {LETTERS.map((l) => (
        <td key={l} className="col-letter">
          <input
            type="checkbox"
            aria-label={`${LETTER_NAMES[l]} on ${entry.title}`}
            title={entry.uses?.[l] ? `${LETTER_NAMES[l]}: ${entry.uses[l]}` : LETTER_NAMES[l]}
            checked={letters.includes(l)}
            disabled={disabled}
            onChange={(e) => set([[id, l, e.target.checked]])}
          />
        </td>
      ))}
      <td className="col-letter">
        <TriCheckbox
          label={`Every letter on ${entry.title}`}
          checked={letters.length === LETTERS.length}
          indeterminate={letters.length > 0 && letters.length < LETTERS.length}
          disabled={disabled}
          onChange={(on) => set(LETTERS.map((l): [string, Letter, boolean] => [id, l, on]))}
        />
      </td>
    </tr>
  );
}
