import { useCallback, useState } from 'react';

/**
 * The rows a list's actions act on: the one chosen for the row actions, and the ones ticked for
 * the selection actions (kept across pages and sorts until an action succeeds: `afterAction`).
 */
export function useRowChoice(reload: () => void) {
  const [selected, setSelected] = useState<string | null>(null);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const afterAction = useCallback(() => {
    setTicked([]);
    reload();
  }, [reload]);
  const toggleTick = (key: string | null) => {
    if (key === null) return;
    setTicked((prev) => (prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key]));
  };
  return { selected, setSelected, ticked, setTicked, toggleTick, afterAction };
}
