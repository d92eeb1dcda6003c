/**
 * The compiled validator of a form (GET meta/validator/{module}/{route}/{hash}.js, from the screen
 * metadata's `validator`): an ES module imported from the API's origin, so the CSP's
 * `script-src 'self'` allows it and no 'unsafe-eval' is needed (docs/decisions/0054). Imported once
 * per address; ScreenView starts the import with the screen metadata, beside the form's chunk.
 */
import { apiUrl } from '../../api/client';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

export interface ValidatorModule {
  /** Builds the validator functions with the helpers the app bundles (validatorRuntime.ts). */
  default: (require: (name: string) => unknown) => ValidatorFunctions;
}

const imported = new Map<string, Promise<ValidatorModule>>();
/** Failed imports per address: the browser remembers a failed module, so a retry asks a new address. */
const failures = new Map<string, number>();

export function importValidatorModule(path: string): Promise<ValidatorModule> {
  let p = imported.get(path);
  if (!p) {
    const url = new URL(apiUrl(path), window.location.href);
    const failed = failures.get(path) ?? 0;
    if (failed) url.searchParams.set('attempt', String(failed));
    p = import(/* @vite-ignore */ url.href) as Promise<ValidatorModule>;
    p.catch(() => {
      imported.delete(path);
      failures.set(path, failed + 1);
    });
    imported.set(path, p);
  }
  return p;
}
