import { useState, type ReactNode } from 'react';
import { runAction, type ActionResult } from '../../api/data';
import { errorMessage } from '../../api/errors';
import type { DataRow, ScreenAction, ScreenMeta } from '../../api/types';
import { conditionsHold } from '../form/buildUiSchema';
import { useToast } from '../../ui/toast/toastContext';
import { ConfirmModal } from '../ConfirmModal';
import { ActionResultPanel } from './ActionResultPanel';
import { SignatureModal, type SignedItem } from './SignatureModal';

interface ScreenActionsApi {
  /** The actions the user's permission letters allow on this screen. */
  actions: ScreenAction[];
  busy: boolean;
  /** Starts an action (asks first when it declares a confirmation). */
  start: (action: ScreenAction) => void;
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
): ScreenActionsApi {
  const toast = useToast();
  const [pending, setPending] = useState<ScreenAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ title: string; data: ActionResult } | null>(null);
  const permission = screen.permission ?? '';
  const actions = (screen.actions ?? []).filter(
    (a) => permission.includes(a.letter) && (!a.visibleWhen || record === undefined || (record !== null && conditionsHold(a.visibleWhen, record))),
  );

  const run = async (action: ScreenAction, signer?: { password: string; otp?: string }) => {
    const entity = screen.entity?.name;
    if (!entity || (action.row && rowKey === null) || (action.selection && ticked.length === 0)) return;
    setBusy(true);
    try {
      const body = { ...(action.selection ? { keys: [...ticked] } : action.row ? { key: rowKey } : {}), ...signer };
      const data = await runAction(entity, action.name, body, `${screen.module}/${screen.route}`);
      setPending(null);
      toast.success(typeof data?.message === 'string' && data.message ? data.message : `${action.label}: done`);
      setResult({ title: action.label, data: data ?? {} });
      onDone();
    } catch (e) {
      setPending(null);
      if (onFailed) onFailed(e);
      else toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const start = (action: ScreenAction) => {
    if (action.confirm || action.signature) setPending(action);
    else void run(action);
  };

  const dialogs = pending?.signature ? (
    <SignatureModal
      title={pending.label}
      text={pending.confirm ?? ''}
      signed={signedItems?.() ?? []}
      busy={busy}
      onSign={(signer) => void run(pending, signer)}
      onClose={() => setPending(null)}
    />
  ) : pending ? (
    <ConfirmModal
      title={pending.label}
      text={pending.confirm ?? ''}
      confirmLabel="OK"
      busy={busy}
      onConfirm={() => void run(pending)}
      onClose={() => setPending(null)}
    />
  ) : null;
  const resultPanel = result ? (
    <ActionResultPanel title={result.title} result={result.data} onClose={() => setResult(null)} />
  ) : null;

  return { actions, busy, start, dialogs, resultPanel };
}
