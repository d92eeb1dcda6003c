import type { PasswordChange } from '../api/types';

export const MSG_FILL_FORM = 'Please fill the form correctly.';
export const MSG_CONFIRM_MISMATCH = 'konfirmasi password tidak sama';
export const MSG_SAME_PASSWORD = 'password baru tidak boleh sama dengan password lama';
export const MSG_CHANGED = 'Change Password Successfully';

/** Spec §5 password change checks, in order; null when the change may be sent. */
export function passwordChangeError(p: PasswordChange): string | null {
  if (!p.password || !p.new_password || !p.confirm_password || !p.username) return MSG_FILL_FORM;
  if (p.new_password !== p.confirm_password) return MSG_CONFIRM_MISMATCH;
  if (p.new_password === p.password) return MSG_SAME_PASSWORD;
  return null;
}
