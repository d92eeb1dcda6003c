/**
 * The previous in-app location, for the approval form's Close (spec §2: back to the previous
 * route, or to the approval list when the previous route was the form itself). Fed by the router
 * (router.tsx calls trackNavigation once).
 */
interface Loc {
  pathname: string;
  search: string;
  hash: string;
}

interface RouterLike {
  state: { location: Loc; historyAction: string };
  subscribe: (fn: (state: { location: Loc; historyAction: string }) => void) => () => void;
}

let current: string | null = null;
let previous: string | null = null;
let lastAction = 'POP';

const pathOf = (l: Loc) => `${l.pathname}${l.search}${l.hash}`;

export function trackNavigation(router: RouterLike): void {
  current = pathOf(router.state.location);
  router.subscribe((state) => {
    const p = pathOf(state.location);
    if (p === current) return;
    previous = current;
    current = p;
    lastAction = state.historyAction;
  });
}

/** Where the current location was reached from, and whether by a push (so history -1 returns). */
export function previousLocation(): { path: string | null; pushed: boolean } {
  return { path: previous, pushed: lastAction === 'PUSH' };
}
