/**
 * The rjsf validator of a generic form: the server's compiled validator functions
 * (validatorModule.ts) behind @rjsf/validator-ajv8's precompiled validator, so the browser
 * validates with exactly the schema and ajv rules the server compiled, without eval.
 */
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import type { DataRow } from '../../api/types';
import { useAsync } from '../../ui/useAsync';
import type { GenericFormContext } from './formContext';
import { importValidatorModule } from './validatorModule';
import { validatorRequire } from './validatorRuntime';

const functions = new Map<string, Promise<ValidatorFunctions>>();

function validatorFunctions(path: string): Promise<ValidatorFunctions> {
  let p = functions.get(path);
  if (!p) {
    p = importValidatorModule(path).then((m) => m.default(validatorRequire));
    p.catch(() => functions.delete(path));
    functions.set(path, p);
  }
  return p;
}

export interface FormValidatorState {
  validator: ValidatorType<DataRow, RJSFSchema, GenericFormContext> | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/** The validator of the form at `path` (the screen's `validator`) for `schema` (the screen's `schema`). */
export function useFormValidator(path: string | undefined, schema: RJSFSchema): FormValidatorState {
  const load = useCallback(() => {
    if (!path) return Promise.reject(new Error('The form has no validator.'));
    return validatorFunctions(path);
  }, [path]);
  const fns = useAsync<ValidatorFunctions>(path ?? 'none', load);
  const validator = useMemo(
    () => (fns.data ? createPrecompiledValidator<DataRow, RJSFSchema, GenericFormContext>(fns.data, schema) : null),
    [fns.data, schema],
  );
  return { validator, loading: fns.loading, error: fns.error, reload: fns.reload };
}
