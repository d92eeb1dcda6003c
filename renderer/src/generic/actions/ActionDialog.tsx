import { runAction, type ActionResult } from '../../api/data';
import type { DataRow, ScreenAction, ScreenMeta } from '../../api/types';
import { ConfirmModal } from '../ConfirmModal';
import { ActionInputModal } from './ActionInputModal';
import { FileActionModal } from './FileActionModal';
import { SignatureModal, type SignedItem } from './SignatureModal';
import { t } from '../../i18n';

interface ActionDialogProps {
  /** The action waiting for the user. */
  pending: ScreenAction;
  screen: ScreenMeta;
  rowKey: string | null;
  record?: DataRow | null;
  busy: boolean;
  /** The field errors the answer of an action with inputs named. */
  inputErrors: Record<string, string>;
  signedItems?: () => SignedItem[];
  run: (action: ScreenAction, signer?: { password: string; otp?: string }, inputs?: Record<string, string>) => Promise<void>;
  /** A file action ran for real. */
  onFileDone: (data: ActionResult) => void;
  onClose: () => void;
}

/** What an action asks before it runs: a file (preview, then import), a signature, its inputs, or a confirmation. */
export function ActionDialog({ pending, screen, rowKey, record, busy, inputErrors, signedItems, run, onFileDone, onClose }: ActionDialogProps) {
  return pending.file ? (
    <FileActionModal
      title={pending.label}
      kind={pending.file}
      {...(pending.template ? { template: pending.template } : {})}
      run={(body) => runAction(screen.entity?.name ?? '', pending.name, body, `${screen.module}/${screen.route}`)}
      onDone={onFileDone}
      onClose={onClose}
    />
  ) : pending.signature ? (
    <SignatureModal
      title={pending.label}
      text={pending.confirm ?? ''}
      signed={signedItems?.() ?? []}
      {...(screen.entity?.name ? { preview: { entity: screen.entity.name, action: pending.name, key: pending.row ? rowKey : null } } : {})}
      busy={busy}
      onSign={(signer) => void run(pending, signer)}
      onClose={onClose}
    />
  ) : pending.inputs?.length ? (
    <ActionInputModal
      title={pending.label}
      text={pending.confirm ?? ''}
      inputs={pending.inputs}
      record={record}
      entity={screen.entity}
      busy={busy}
      errors={inputErrors}
      onSubmit={(values) => void run(pending, undefined, values)}
      onClose={onClose}
    />
  ) : (
    <ConfirmModal
      title={pending.label}
      text={pending.confirm ?? ''}
      confirmLabel={t('OK')}
      busy={busy}
      onConfirm={() => void run(pending)}
      onClose={onClose}
    />
  );
}
