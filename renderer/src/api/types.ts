/** Shapes of the HTTP API (docs/api.md). */
import type { LifecycleRuleLike } from '../../../engine/src/crud/lifecycle-rules';
import type { Chart } from '../../../engine/src/metadata/types.gen';

export type { LifecycleRuleLike };

/* Shapes of the named calls: declared once with the server (built from the row types generated from metadata). */
export type {
  ContextSource,
  AppModule,
  CompanyListRow,
  CompanyRow,
  MeResponse,
  CompanyNotificationCounter,
  NotificationCounter,
  NotificationCounts,
  PagedResponse,
  RegistrationForm,
  ResetPasswordResponse,
  SecondFactorEnrolment,
  SecondFactorResponse,
  Session,
  SignInResponse,
  SuccessResponse,
  SwitchCompanyResponse,
  TokenPair,
  UserListRow,
} from '../../../server/src/api/types';

export interface MenuEntry {
  menu_id: number | string;
  name: string;
  title: string;
  icon?: string | null;
  url?: string | null;
  level?: number | null;
  parent_id?: number | string | null;
  badge?: string | null;
  permission?: string;
  /** Admin's view of a user's letters: what each letter allows on the entry's screen ("Post, Reverse"). */
  uses?: Record<string, string>;
}

export interface PasswordChange {
  password: string;
  new_password: string;
  confirm_password: string;
  username: string;
}

/* ---------- metadata screens ---------- */

export type ScreenKind = 'list' | 'form' | 'report' | 'home';

export type ColumnFormat = 'date' | 'datetime' | 'number' | 'hm' | 'yesno' | 'enum' | 'text';

export interface ScreenColumn {
  field: string;
  label?: string;
  format?: ColumnFormat;
  width?: number;
  sortable?: boolean;
}

export interface EntityFieldValue {
  code: string | number;
  label: string;
}

export interface EntityField {
  name: string;
  type: string;
  label?: string;
  values?: EntityFieldValue[];
  /** reference: the referenced entity. */
  entity?: string;
  required?: boolean;
  precision?: number;
  scale?: number;
  min?: number;
  max?: number;
  currency?: boolean;
  allowNegative?: boolean;
  /** `duration`: integer minutes typed and shown as H:MM. */
  format?: string;
}

export interface EntityChild {
  name: string;
  entity: string;
  foreignKey: string;
  title?: string;
  /** The key field of its lines. */
  key?: string;
}

export interface ScreenEntity {
  name: string;
  title?: string;
  key?: string;
  keyType?: 'serial' | 'string';
  display?: string | null;
  fields?: EntityField[];
  children?: EntityChild[];
  /** When the document refuses updates, deletion or line changes (enforced by the server). */
  lifecycle?: LifecycleRuleLike[];
  /** A numbered document: it prints with the document template (Print, letter P). */
  printable?: boolean;
  /** Named prints (metadata `prints`), each offered when every field of `when` holds one of its values. */
  prints?: { name: string; title: string; when?: Record<string, unknown> }[];
  /** Its records, or their lines, take sealed signatures: the form offers Verify (decision 0305). */
  sealed?: boolean;
}

export type FilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startswith' | 'in' | 'between';

/** A list filter (metadata `filters`, normalised by the server). */
export interface ScreenFilter {
  field: string;
  op: FilterOp;
  label?: string;
  param: string;
}

/** A field of a form section or a line column. */
export interface FormFieldMeta {
  field: string;
  label?: string;
  widget?: string;
  readOnly?: boolean;
  readOnlyWhen?: Record<string, string | number | boolean | null>;
  /** Grid columns out of 12. */
  width?: number;
  placeholder?: string;
}

export interface FormSectionMeta {
  title?: string;
  fields: FormFieldMeta[];
}

/** Child lines edited with the document (metadata form `lines`). */
export interface FormLinesMeta {
  child: string;
  title?: string;
  columns: FormFieldMeta[];
}

export type PermissionLetter = 'C' | 'R' | 'U' | 'D' | 'P' | 'O';

/** A field an action asks before it runs (metadata `actions[].inputs`). */
export interface ActionInputMeta {
  name: string;
  label: string;
  help?: string;
  type: 'string' | 'text' | 'date' | 'enum' | 'line';
  required?: boolean;
  maxLength?: number;
  values?: { code: string; label: string }[];
  /** line: the open record's child collection offered, and the line fields naming each. */
  child?: string;
  show?: string[];
}

/** A plugin action offered on a list or form (metadata `actions`). */
export interface ScreenAction {
  name: string;
  label: string;
  letter: PermissionLetter;
  confirm?: string;
  /** Acts on one selected row (its key is sent as `key`). */
  row?: boolean;
  /** Lists: acts on the ticked rows (their keys are sent as `keys`). */
  selection?: boolean;
  /** The action takes a file (JSON, or an xlsx sent base64): the dialog picks it, previews the dry run's answer, then runs it. */
  file?: 'json' | 'xlsx';
  /** With `file`: the API path of a template to fill, offered in the dialog. */
  template?: string;
  /** A certifying signature: the dialog shows what is signed and asks the signer's password and code (decision 0301). */
  signature?: boolean;
  /** What the action asks in a dialog before it runs, sent in the body under their names (decision 0317). */
  inputs?: ActionInputMeta[];
  /** Forms: offered only while the open record matches (e.g. posted: 0); the server still decides. */
  visibleWhen?: Record<string, string | number | boolean | null | (string | number)[]>;
}

/** A read-only section of a form: rows of another list whose filters take the record's values. */
export interface RelatedMeta {
  title: string;
  module: string;
  route: string;
  /** List filter parameter → field of the open record. */
  match: Record<string, string>;
  /** The list's columns to show (default all). */
  columns?: string[];
  emptyText?: string;
}

/** A chart of the rows a list shows: the metadata's own type (metadata.schema.json `Chart`). */
export type ScreenChart = Chart;

export interface ScreenMeta {
  kind: ScreenKind;
  chart?: ScreenChart;
  module: string;
  route: string;
  title: string;
  text?: string;
  permission: string;
  entity?: ScreenEntity;
  columns?: Array<ScreenColumn | string>;
  defaultSort?: { field: string; dir?: 'asc' | 'desc' };
  pageSize?: number;
  form?: string;
  list?: string;
  emptyText?: string;
  params?: string[];
  actions?: ScreenAction[];
  filters?: ScreenFilter[];
  /** Lists and reports: the filter parameter the module's open context (spec §3 open aircraft) fills by default with its key (metadata `contextFilter`). */
  contextFilter?: string;
  search?: string[];
  sections?: FormSectionMeta[];
  lines?: FormLinesMeta[];
  related?: RelatedMeta[];
  readOnlyWhen?: Record<string, string | number | boolean | null>;
  schema?: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  /** Forms: the compiled validator of `schema`, a path under the API root (docs/decisions/0054). */
  validator?: string;
}

export interface RouteMeta {
  module: string;
  route: string;
  kind: ScreenKind;
  title?: string;
  params?: string[];
  noAccessCheck?: boolean;
  /** The entity the list or form shows. */
  entity?: string;
  /** The form that opens a document of its entity (from an approval, an action's answer). */
  opensDocument?: boolean;
  /** On that form: the entity's key field (an action answering it names the document made). */
  key?: string;
}

export type DataRow = Record<string, unknown>;

/** GET data/{entity}/lookup/{field}: the rows a reference field may point to. */
export interface LookupRow {
  key: string | number;
  display: string;
  [column: string]: unknown;
}

export interface LookupResponse {
  meta: { total: number; page?: number; limit?: number; totalCapped?: boolean };
  list: LookupRow[];
  columns?: Array<{ field: string; label: string }>;
}

/** POST attachments. */
export interface AttachmentInfo {
  attachment_id: number;
  filename: string;
  size: number;
}

/** Spec §3 open aircraft context (localStorage `openAircraft`). */
export interface OpenAircraft {
  /** The fleet entity it was opened from (the list marked `opensContext`): only a filter on that entity takes its key. */
  entity?: string;
  aircraft_type_id: number | string | null;
  aircraft_type_name: string;
  engine_total: number;
  rin_counter_name: string | null;
  penalty_factor: number | null;
  APU_usage: boolean | number | null;
  aircraft: { aircraft_type_id: number | string | null; aircraft_id: number | string; registration: string };
}
