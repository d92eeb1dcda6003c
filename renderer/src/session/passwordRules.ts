import type { PasswordChange } from '../api/types';

export const MSG_FILL_FORM = 'Please fill the form correctly.';
export const MSG_CONFIRM_MISMATCH = 'konfirmasi password tidak sama';
export const MSG_SAME_PASSWORD = 'password baru tidak boleh sama dengan password lama';
export const MSG_CHANGED = 'Change Password Successfully';
/** The server's rule (engine/src/auth/passwords.ts); the common-password list is checked there. */
export const MIN_PASSWORD_LENGTH = 12;
export const MSG_TOO_SHORT = `The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`;

/** Spec §5 password change checks, in order; null when the change may be sent. */
export function passwordChangeError(p: PasswordChange): string | null {
  if (!p.password || !p.new_password || !p.confirm_password || !p.username) return MSG_FILL_FORM;
  if (p.new_password !== p.confirm_password) return MSG_CONFIRM_MISMATCH;
  if (p.new_password === p.password) return MSG_SAME_PASSWORD;
  if ([...p.new_password].length < MIN_PASSWORD_LENGTH) return MSG_TOO_SHORT;
  return null;
}
