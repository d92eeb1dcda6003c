import { appError, isAppError } from '../errors.ts';

function pgCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

/** Maps database constraint errors to catalogue errors (never leaking SQL text). */
export function mapDbError(e: unknown): unknown {
  if (isAppError(e)) return e;
  switch (pgCode(e)) {
    case '23505':
      return appError('ERR_DUPLICATE');
    case '23503': // foreign key violation
    case '23001': // restrict violation (ON DELETE RESTRICT)
      return appError('ERR_IN_USE');
    case '22021':
    case '22P05':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
    case '23502':
    case '23514': // check violation (bounds declared as check constraints, decision 0181)
      return appError('ERR_VALIDATION');
    case 'AE001': // a retained record's delete refused by its trigger (records/retention.ts)
      return appError('ERR_RETAINED');
    case 'AE002': // the audit trail's append-only trigger (records/chain.ts)
      return appError('ERR_APPEND_ONLY');
    case '40P01': // deadlock detected
    case '40001': // serialization failure
      return appError('ERR_RETRY');
    default:
      return e;
  }
}
