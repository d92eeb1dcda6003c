import type { ScreenAction } from '../../api/types';

interface ActionBarProps {
  actions: readonly ScreenAction[];
  /** Whether a row is selected (row actions need one). */
  hasRow: boolean;
  busy: boolean;
  onRun: (action: ScreenAction) => void;
}

/** Buttons of the screen's plugin actions the user's letters allow. */
export function ActionBar({ actions, hasRow, busy, onRun }: ActionBarProps) {
  if (actions.length === 0) return null;
  return (
    <div className="action-bar">
      {actions.map((a) => (
        <button
          type="button"
          key={a.name}
          className="btn btn-secondary"
          disabled={busy || (a.row === true && !hasRow)}
          title={a.row && !hasRow ? 'Select a row first' : undefined}
          onClick={() => onRun(a)}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
