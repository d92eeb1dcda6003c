/**
 * The product's domain error codes (decision 0416): the engine's catalogue (engine/src/errors.ts)
 * keeps the generic codes, the plugins contribute these, with the spec's words. A file that throws
 * one imports this file (so the code is registered wherever it is thrown); plugins/index.ts imports
 * it too, so the whole catalogue is registered once the plugins are (the OpenAPI description lists it).
 *
 *   throw appError('ERR_STOCK');   // plugins/stores/ledger.ts
 */
import { defineErrors } from '../engine/src/errors.ts';

declare module '../engine/src/errors.ts' {
  interface DomainErrorCodes {
    /** stores and procurement: a movement the stock does not allow */
    ERR_STOCK: true;
    /** registration: a prospect's registration already turned into a company */
    ERR_REGISTRATION_DONE: true;
    /** maintenance, MRO and stores: a certifying signature that is not allowed */
    ERR_SIGNOFF: true;
    /** maintenance: a task card's requirements changed outside an amendment */
    ERR_AMENDMENT: true;
  }
}

export const DOMAIN_ERRORS = defineErrors({
  ERR_STOCK: { status: 409, message: 'The stock does not allow this movement.' },
  ERR_REGISTRATION_DONE: { status: 409, message: 'This registration was already turned into a company.' },
  ERR_SIGNOFF: { status: 409, message: 'This signature is not allowed.' },
  ERR_AMENDMENT: { status: 409, message: 'What a task card requires is fixed by the work order approval: a planner amends it (Amend Work Order), which sends the order for approval again.' },
  // the engine's retained records (decision 0313) are this product's airworthiness records
  ERR_RETAINED: {
    status: 409,
    message: 'This is an airworthiness record: it is kept and never deleted. Correct it, cancel it or retire it instead.',
    detail: '{title} rows are airworthiness records: they are kept and never deleted. Correct, cancel or retire instead.',
  },
});
