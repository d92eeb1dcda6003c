import type { ScreenAction } from '../../api/types';

interface ActionBarProps {
  actions: readonly ScreenAction[];
  /** Whether a row is selected (row actions need one). */
  hasRow: boolean;
  /** How many rows are ticked (selection actions need one or more). */
  ticked?: number;
  busy: boolean;
  onRun: (action: ScreenAction) => void | Promise<void>;
}

/** Buttons of the screen's plugin actions the user's letters allow. */
export function ActionBar({ actions, hasRow, ticked = 0, busy, onRun }: ActionBarProps) {
  if (actions.length === 0) return null;
  return (
    <div className="action-bar">
      {actions.map((a) => (
        <button
          type="button"
          key={a.name}
          className="btn btn-secondary"
          disabled={busy || (a.row === true && !hasRow) || (a.selection === true && ticked === 0)}
          title={a.row && !hasRow ? 'Select a row first' : a.selection && ticked === 0 ? 'Tick one or more rows first' : undefined}
          onClick={() => void onRun(a)}
        >
          {a.selection && ticked > 0 ? `${a.label} (${ticked})` : a.label}
        </button>
      ))}
    </div>
  );
}
