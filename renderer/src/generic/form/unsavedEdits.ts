import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { DataRow } from '../../api/types';
import type { UnsavedEdits } from '../actions/useScreenActions';

interface EditsOf {
  /** Whether the form shows values other than the record's as loaded. */
  changed: () => boolean;
  /** The form's compiled validator on what it shows (absent while it loads). */
  validate?: () => { errors: RJSFValidationError[]; errorSchema: ErrorSchema };
  errors: { clearErrors: () => void; mark: (errorSchema: ErrorSchema) => void };
  onInvalid: (errors: RJSFValidationError[]) => void;
  /** The update body of what the form shows. */
  body: () => DataRow;
  /** Saves what the form shows (a signature's "save first"). */
  save: () => Promise<boolean>;
}

/**
 * What an action on a form takes of the screen's unsaved edits (decision 0375): nothing to check
 * or send when nothing changed; otherwise the edits checked against the form's schema (the form
 * marks what is wrong) and sent as the action's `save`.
 */
export function unsavedEdits(e: EditsOf): UnsavedEdits {
  return {
    check: () => {
      e.errors.clearErrors();
      if (!e.validate || !e.changed()) return true;
      const checked = e.validate();
      if (!checked.errors.length) return true;
      e.errors.mark(checked.errorSchema);
      e.onInvalid(checked.errors);
      return false;
    },
    body: () => (e.changed() ? e.body() : undefined),
    saveFirst: e.save,
  };
}
