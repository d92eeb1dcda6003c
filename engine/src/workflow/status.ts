/**
 * The workflow status codes: the one home of '000' / '100' / '111' / '110'.
 * A leaf module (no imports) so the metadata loader and the repository can use it without an import cycle;
 * plugins and server import STATUS from here.
 */
export const STATUS = { DRAFT: '000', ON_PROCESS: '100', APPROVED: '111', REJECTED: '110' } as const;
/** The outcome of a finished workflow: approved or rejected. */
export type FinishedStatus = typeof STATUS.APPROVED | typeof STATUS.REJECTED;
