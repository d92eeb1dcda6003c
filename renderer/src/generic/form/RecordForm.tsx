import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, RegistryFieldsType, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { DataRow } from '../../api/types';
import type { GenericFormContext } from './formContext';
import { LinesField } from './LinesField';
import { SectionsTemplate } from './SectionsTemplate';
import { widgets } from './widgets';

// Registered once at module level: stable identities keep rjsf from remounting inputs.
const fields: RegistryFieldsType = { lines: LinesField };
const templates = { ObjectFieldTemplate: SectionsTemplate };
/** An optional enum starts empty: rjsf would otherwise default it to its first `oneOf` value. */
const defaultBehavior = { constAsDefaults: 'never' } as const;

interface RecordFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: DataRow;
  formContext: GenericFormContext;
  validator: ValidatorType<DataRow, RJSFSchema, GenericFormContext>;
  readonly: boolean;
  extraErrors: ErrorSchema | undefined;
  transformErrors: (errors: RJSFValidationError[]) => RJSFValidationError[];
  onChange: (data: DataRow) => void;
  onSubmit: (data: DataRow) => void;
  onError: (errors: RJSFValidationError[]) => void;
  children: ReactNode;
}

/** The rjsf form of a record: the product's widgets, lines field and section cards; validated by the server's compiled validator only (no HTML5 checks, no error list). */
export function RecordForm({ schema, uiSchema, formData, formContext, validator, readonly, extraErrors, transformErrors, onChange, onSubmit, onError, children }: RecordFormProps) {
  return (
    <Form<DataRow, RJSFSchema, GenericFormContext>
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={formContext}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      experimental_defaultFormStateBehavior={defaultBehavior}
      noHtml5Validate
      showErrorList={false}
      readonly={readonly}
      extraErrors={extraErrors}
      transformErrors={transformErrors}
      onChange={(e) => onChange((e.formData ?? {}) as DataRow)}
      onSubmit={(e) => onSubmit((e.formData ?? {}) as DataRow)}
      onError={onError}
    >
      {children}
    </Form>
  );
}
