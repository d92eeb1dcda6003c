import { useState, type ReactNode } from 'react';
import { runAction, type ActionResult } from '../../api/data';
import { ApiError, errorMessage } from '../../api/errors';
import type { DataRow, ScreenAction, ScreenMeta } from '../../api/types';
import { useToast } from '../../ui/toast/toastContext';
import { ActionResultPanel } from './ActionResultPanel';
import type { SignedItem } from './SignatureModal';
import { ActionDialog } from './ActionDialog';
import { takeDownload } from './takeDownload';
import { visibleActions } from './visibleActions';


/**
 * What an action on a form does with the screen's unsaved edits (decision 0375): they are checked
 * first against the form's JSON Schema (`check`: false when the form marked what is wrong), then
 * sent as the action's `save` and saved in the action's own transaction (`body`: undefined when
 * nothing was changed). A certifying signature saves them first (`saveFirst`), so the signature's
 * preview shows what will be signed.
 */
export interface UnsavedEdits {
  check: () => boolean;
  body: () => DataRow | undefined;
  saveFirst: () => Promise<boolean>;
}

interface ScreenActionsApi {
  /** The actions the user's permission letters allow on this screen. */
  actions: ScreenAction[];
  busy: boolean;
  /** Starts an action (asks first when it declares a confirmation). */
  start: (action: ScreenAction) => Promise<void>;
  /** The confirmation dialog; render it once. */
  dialogs: ReactNode;
  /** The last action's answer, shown on the page above the content (null when none). */
  resultPanel: ReactNode;
}

/**
 * Plugin actions of a list or form: POST data/{entity}/action/{name} with `{key}` for row actions
 * and `{keys}` for selection actions (the rows ticked in a list).
 * `rowKey` is the selected row (list) or the open record (form); `onDone` reloads the screen.
 * On a form, `record` (the loaded record) hides the actions whose `visibleWhen` does not hold.
 */
export function useScreenActions(
  screen: ScreenMeta,
  rowKey: string | null,
  onDone: () => void,
  record?: DataRow | null,
  /** A refused action (a form marks the fields the answer names); default: its message in a toast. */
  onFailed?: (e: unknown) => void,
  /** Lists: the keys of the ticked rows, sent to selection actions. */
  ticked: readonly string[] = [],
  /** What a signature on the current row or record signs, as the screen shows it (the signature dialog lists it). */
  signedItems?: () => SignedItem[],
  /** A form's unsaved edits, taken by every action (decision 0375). */
  edits?: UnsavedEdits,
): ScreenActionsApi {
  const toast = useToast();
  const [pending, setPending] = useState<ScreenAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ title: string; data: ActionResult } | null>(null);
  // an action with inputs: the field errors its answer named, shown at the dialog's fields
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const actions = visibleActions(screen, record);

  const run = async (action: ScreenAction, signer?: { password: string; otp?: string }, inputs?: Record<string, string>) => {
    const entity = screen.entity?.name;
    if (!entity || (action.row && rowKey === null) || (action.selection && ticked.length === 0)) return;
    setBusy(true);
    try {
      // the form's unsaved edits, saved in the action's transaction (a refusal leaves them unsaved, on screen)
      const save = action.row && !action.signature ? edits?.body() : undefined;
      const body = { ...inputs, ...(action.selection ? { keys: [...ticked] } : action.row ? { key: rowKey } : {}), ...signer, ...(save ? { save } : {}) };
      const data = await runAction(entity, action.name, body, `${screen.module}/${screen.route}`);
      setPending(null);
      toast.success(typeof data?.message === 'string' && data.message ? data.message : `${action.label}: done`);
      setResult({ title: action.label, data: takeDownload(data ?? {}) });
      onDone();
    } catch (e) {
      // a refusal at the dialog's own fields stays in the dialog, at the field
      const atFields = action.inputs && e instanceof ApiError ? e.errors.filter((x) => action.inputs?.some((i) => x.path === `/${i.name}`)) : [];
      if (atFields.length) {
        setInputErrors(Object.fromEntries(atFields.map((x) => [x.path.slice(1), x.message])));
        return;
      }
      setPending(null);
      if (onFailed) onFailed(e);
      else toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const start = async (action: ScreenAction) => {
    setInputErrors({});
    // what the screen shows is checked before anything is asked or sent
    if (edits && action.row && !edits.check()) return;
    if (edits && action.row && action.signature && edits.body() && !(await edits.saveFirst())) return;
    if (action.confirm || action.signature || action.file || action.inputs?.length) setPending(action);
    else void run(action);
  };

  const dialogs = pending ? (
    <ActionDialog
      pending={pending}
      screen={screen}
      rowKey={rowKey}
      record={record}
      busy={busy}
      inputErrors={inputErrors}
      signedItems={signedItems}
      run={run}
      onFileDone={(data) => {
        setPending(null);
        toast.success(typeof data?.message === 'string' && data.message ? data.message : `${pending.label}: done`);
        setResult({ title: pending.label, data });
        onDone();
      }}
      onClose={() => setPending(null)}
    />
  ) : null;
  const resultPanel = result ? (
    <ActionResultPanel title={result.title} result={result.data} onClose={() => setResult(null)} />
  ) : null;

  return { actions, busy, start, dialogs, resultPanel };
}
