import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { fetchUserMenus, saveUserMenus } from '../../api/meta';
import type { MenuEntry } from '../../api/types';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { normaliseLetters, treeRows } from './permissionLetters';

/** The letters of each menu entry, by its id. */
export function lettersById(entries: readonly MenuEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) out[String(e.menu_id)] = normaliseLetters(e.permission);
  return out;
}

/** A user's menu permissions in a module: as stored, as edited, whether changed, and Save (every entry at once). */
export function useUserMenus(modulname: string, username: string) {
  const toast = useToast();
  const loadMenus = useCallback(
    (signal: AbortSignal) => fetchUserMenus(modulname, username, signal),
    [modulname, username],
  );
  const menus = useAsync(modulname && username ? `${modulname}|${username}` : null, loadMenus);
  const entries = useMemo(() => (Array.isArray(menus.data) ? menus.data : []), [menus.data]);
  const rows = useMemo(() => treeRows(entries), [entries]);
  const original = useMemo(() => lettersById(entries), [entries]);
  const [value, setValue] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue(original);
  }, [original]);

  const dirty = rows.some((r) => (value[String(r.entry.menu_id)] ?? '') !== (original[String(r.entry.menu_id)] ?? ''));

  const save = async () => {
    if (!modulname || !username || saving) return;
    setSaving(true);
    try {
      await saveUserMenus({
        username,
        modulname,
        menus: rows.map((r) => ({ menu_id: Number(r.entry.menu_id), permission: value[String(r.entry.menu_id)] ?? '' })),
      });
      toast.success('Saved');
      menus.reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return { menus, rows, original, value, setValue, saving, dirty, save };
}
