import { useEffect, useRef } from 'react';
import type { MenuEntry } from '../../api/types';
import { LETTERS, LETTER_NAMES, normaliseLetters, type Letter } from '../../ui/letters';

export { LETTERS, LETTER_NAMES, normaliseLetters, type Letter };

export interface MatrixRow {
  entry: MenuEntry;
  depth: number;
}

/** The entries in tree order (a parent before its children), with their depth. */
export function treeRows(entries: readonly MenuEntry[]): MatrixRow[] {
  const byParent = new Map<string, MenuEntry[]>();
  const ids = new Set(entries.map((e) => String(e.menu_id)));
  const roots: MenuEntry[] = [];
  for (const e of entries) {
    const p = e.parent_id === null || e.parent_id === undefined ? null : String(e.parent_id);
    if (p !== null && ids.has(p) && p !== String(e.menu_id)) {
      const list = byParent.get(p) ?? [];
      list.push(e);
      byParent.set(p, list);
    } else roots.push(e);
  }
  const out: MatrixRow[] = [];
  const seen = new Set<string>();
  const walk = (list: MenuEntry[], depth: number) => {
    for (const e of list) {
      const id = String(e.menu_id);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ entry: e, depth });
      walk(byParent.get(id) ?? [], depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

function TriCheckbox({
  checked,
  indeterminate,
  label,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  label: string;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      title={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

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
  const set = (changes: Array<[string, Letter, boolean]>) => {
    const next = { ...value };
    for (const [id, l, on] of changes) {
      const cur = next[id] ?? '';
      next[id] = normaliseLetters(on ? cur + l : cur.replace(l, ''));
    }
    onChange(next);
  };
  const ids = rows.map((r) => String(r.entry.menu_id));
  const columnState = (l: Letter) => {
    const n = ids.filter((id) => has(id, l)).length;
    return { all: ids.length > 0 && n === ids.length, some: n > 0 && n < ids.length };
  };
  const everything = ids.length > 0 && ids.every((id) => LETTERS.every((l) => has(id, l)));
  const anything = ids.some((id) => (value[id] ?? '') !== '');

  return (
    <div className="table-wrap matrix-wrap">
      <table className="data-table permission-matrix" data-testid="permission-matrix">
        <thead>
          <tr>
            <th scope="col">Menu</th>
            {LETTERS.map((l) => (
              <th scope="col" key={l} className="col-letter" title={LETTER_NAMES[l]}>
                {l}
              </th>
            ))}
            <th scope="col" className="col-letter">
              All
            </th>
          </tr>
          <tr className="matrix-all-row">
            <th scope="row">All entries</th>
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
                label="Every letter on every entry"
                checked={everything}
                indeterminate={!everything && anything}
                disabled={disabled || ids.length === 0}
                onChange={(on) => set(ids.flatMap((id) => LETTERS.map((l): [string, Letter, boolean] => [id, l, on])))}
              />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ entry, depth }) => {
            const id = String(entry.menu_id);
            const letters = value[id] ?? '';
            const changed = letters !== (original[id] ?? '');
            const group = !entry.url;
            return (
              <tr key={id} className={changed ? 'changed' : undefined} data-menu={entry.name}>
                <th scope="row" className={group ? 'menu-cell group' : 'menu-cell'}>
                  <span style={{ paddingLeft: depth * 20 }}>
                    {group ? '▸ ' : ''}
                    {entry.title}
                  </span>
                  {changed ? <span className="badge badge-muted">changed</span> : null}
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
          })}
        </tbody>
      </table>
    </div>
  );
}
