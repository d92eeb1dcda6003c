import { useCallback, useState } from 'react';

/**
 * Whether the module menu is folded to its title (issue 37 point 14: at 200% zoom the menu stacks
 * above the screen and must be collapsible). The reader's choice is kept in this browser for every
 * module; without one, the menu starts folded on a narrow page (where it would stack above the
 * screen) and open otherwise.
 *
 *   const [collapsed, toggle] = useMenuCollapse();
 */
const KEY = 'aeroerp.menu';
const NARROW = '(max-width: 760px)';

export function initialCollapsed(stored: string | null, narrow: boolean): boolean {
  if (stored === 'collapsed') return true;
  if (stored === 'open') return false;
  return narrow;
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function useMenuCollapse(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => initialCollapsed(stored(), typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches));
  const toggle = useCallback(() => {
    setCollapsed((c) => {
      try {
        window.localStorage.setItem(KEY, c ? 'open' : 'collapsed');
      } catch {
        // storage refused (private mode): the choice lasts for this page only
      }
      return !c;
    });
  }, []);
  return [collapsed, toggle];
}
