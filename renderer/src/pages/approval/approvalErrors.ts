import { ApiError, errorMessage } from '../../api/errors';

/** The detail answered without success: the whole response is the error. */
export class DetailFailure extends Error {
  readonly response: unknown;
  constructor(response: unknown) {
    super('The approval/task detail could not be loaded.');
    this.response = response;
  }
}

/** Spec §8: a failed detail load shows the whole response. */
export function wholeResponse(e: unknown): string {
  if (e instanceof DetailFailure) return JSON.stringify(e.response);
  if (e instanceof ApiError) return JSON.stringify(e.body);
  return errorMessage(e);
}

/** Spec §8: a failed action shows the response's message (with the field messages, if any). */
export function actionErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    const details = e.errors.map((x) => `${x.path.replace(/^\//, '')} ${x.message}`.trim());
    return details.length ? `${e.body.message}: ${details.join('; ')}` : e.body.message;
  }
  return errorMessage(e);
}
