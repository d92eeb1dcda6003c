/**
 * Spec §6 permission letters (C R U D P O), their names and their one written form, shared by the
 * Menu Access matrix (pages/admin/PermissionMatrix.tsx) and the letters widget of the generic form
 * (generic/form/LettersWidget.tsx, a role's letters per menu entry).
 *
 *   normaliseLetters('ruc')   // 'CRU'
 */
export const LETTERS = ['C', 'R', 'U', 'D', 'P', 'O'] as const;
export type Letter = (typeof LETTERS)[number];

export const LETTER_NAMES: Record<Letter, string> = {
  C: 'Create',
  R: 'Read',
  U: 'Update',
  D: 'Delete',
  P: 'Print',
  O: 'Other',
};

/** Upper case, known letters only, in CRUDPO order. */
export function normaliseLetters(s: string | null | undefined): string {
  const up = (s ?? '').toUpperCase();
  return LETTERS.filter((l) => up.includes(l)).join('');
}
