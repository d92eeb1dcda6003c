import { LETTERS, withLetters, type Letter, type MatrixRow } from './permissionLetters';
import { PermissionMatrixHead } from './PermissionMatrixHead';
import { PermissionRow } from './PermissionRow';

interface PermissionMatrixProps {
  rows: MatrixRow[];
  /** Letters by menu id. */
  value: Record<string, string>;
  /** Letters as loaded (changed rows are marked). */
  original: Record<string, string>;
  disabled?: boolean;
  onChange: (next: Record<string, string>) => void;
}

/**
 * One checkbox per letter and menu entry; an 'all' toggle per row and per column (checked when
 * every cell has it, mixed when some do).
 */
export function PermissionMatrix({ rows, value, original, disabled, onChange }: PermissionMatrixProps) {
  const has = (id: string, l: Letter) => (value[id] ?? '').includes(l);
  const set = (changes: Array<[string, Letter, boolean]>) => onChange(withLetters(value, changes));
  const ids = rows.map((r) => String(r.entry.menu_id));
  const everything = ids.length > 0 && ids.every((id) => LETTERS.every((l) => has(id, l)));
  const anything = ids.some((id) => (value[id] ?? '') !== '');

  return (
    <div className="table-wrap matrix-wrap">
      <table className="data-table permission-matrix" data-testid="permission-matrix">
        <PermissionMatrixHead ids={ids} has={has} everything={everything} anything={anything} disabled={disabled} set={set} />
        <tbody>
          {rows.map(({ entry, depth }) => {
            const id = String(entry.menu_id);
            const letters = value[id] ?? '';
            return <PermissionRow key={id} entry={entry} depth={depth} letters={letters} changed={letters !== (original[id] ?? '')} disabled={disabled} set={set} />;
          })}
        </tbody>
      </table>
    </div>
  );
}
