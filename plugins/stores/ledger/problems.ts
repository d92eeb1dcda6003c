/**
 * What is wrong with a posting, collected so that one refusal names all of it (issue 37 point 11,
 * decision 0376): each problem at its line's field (`/lines/2/serial_number`), every check of
 * the posting run before it is refused.
 *
 *   const problems = new Problems();
 *   problems.add('/lines/0/quantity', 'must not be zero');            // a form error (400)
 *   problems.stock('/lines/1/quantity', 'Over-receipt on PO line …');  // a stock rule (409)
 *   problems.refuse();   // nothing collected: returns; else throws one error with them all
 *
 * The refusal is 400 ERR_VALIDATION when any problem is a form error, else 409 ERR_STOCK with the
 * first problem's words as its message (as a posting refused on one stock rule always said).
 */
import { appError, isAppError, type FieldError } from '../../../engine/src/errors.ts';
import '../../errors.ts';

export class Problems {
  readonly errors: FieldError[] = [];
  private formErrors = 0;

  add(path: string, message: string): void {
    this.errors.push({ path, message });
    this.formErrors++;
  }

  addAll(errors: readonly FieldError[]): void {
    for (const e of errors) this.add(e.path, e.message);
  }

  stock(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  get any(): boolean {
    return this.errors.length > 0;
  }

  /**
   * Runs one check; a refusal it throws at a field (a 400 with errors, or a stock rule naming its
   * field, `stockError(message, field)`) is collected at `at` + field and the check's result is
   * undefined; any other refusal goes on up.
   */
  collect<T>(at: string, check: () => T): T | undefined {
    try {
      return check();
    } catch (e) {
      if (!isAppError(e)) throw e;
      if (e.code === 'ERR_VALIDATION' && e.errors?.length) this.addAll(e.errors);
      else if (e.code === 'ERR_STOCK' && typeof e.extra?.field === 'string') this.stock(`${at}/${e.extra.field}`, e.message);
      else throw e;
      return undefined;
    }
  }

  /** Throws the one refusal naming every problem collected; nothing collected: returns. */
  refuse(): void {
    if (!this.errors.length) return;
    if (this.formErrors) throw appError('ERR_VALIDATION', { errors: [...this.errors] });
    const first = this.errors[0] as FieldError;
    throw appError('ERR_STOCK', {
      message: this.errors.length === 1 ? first.message : `${first.message} ${this.errors.length - 1} more ${this.errors.length === 2 ? 'problem is' : 'problems are'} named at ${this.errors.length === 2 ? 'its line' : 'their lines'}.`,
      errors: [...this.errors],
    });
  }
}
