/* Generated from metadata.schema.json by engine/scripts/gen-types.ts. Do not edit. */

/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Name".
 */
export type Name = string;
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "FieldName".
 */
export type FieldName = string;
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "RouteName".
 */
export type RouteName = string;
/**
 * A route parameter, ? when optional.
 *
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Param".
 */
export type Param = string;
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Column".
 */
export type Column =
  | string
  | {
      /**
       * A field, or ref.field through a reference field.
       */
      field: string;
      label?: string;
      width?: number;
      sortable?: boolean;
      format?: 'date' | 'datetime' | 'number' | 'hm' | 'yesno' | 'enum' | 'text';
    };
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Filter".
 */
export type Filter =
  | string
  | {
      field: string;
      op?: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startswith' | 'in' | 'between';
      label?: string;
      /**
       * Query parameter name; defaults to the field (between: field_from/field_to).
       */
      param?: string;
    };
/**
 * The filter parameter the module's open context fills by default: an eq filter on a reference to the entity of the module's list that opens the context (opensContext); it takes the open record's key. The user may change or clear it.
 *
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "ContextFilter".
 */
export type ContextFilter = string;
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "FormField".
 */
export type FormField =
  | string
  | {
      field: string;
      label?: string;
      widget?:
        | 'text'
        | 'textarea'
        | 'numeric'
        | 'date'
        | 'datetime'
        | 'select'
        | 'radio'
        | 'checkbox'
        | 'lookup'
        | 'attachment'
        | 'password'
        | 'email'
        | 'color'
        | 'duration'
        | 'letters';
      readOnly?: boolean;
      /**
       * Equality conditions on the record; when all hold the field is read only.
       */
      readOnlyWhen?: {
        [k: string]: string | number | boolean | null;
      };
      /**
       * Grid columns out of 12.
       */
      width?: number;
      placeholder?: string;
    };

/**
 * One YAML file under metadata/<module>/. A file may declare any mix of modules, entities, lists, forms, reports, homes and menus. Format version 1.
 */
export interface MetadataDocument {
  /**
   * Format version; 1 when omitted.
   */
  version?: 1;
  /**
   * The module the declarations of this file belong to (its modulname, e.g. aircraft-logistic). Must be declared in some file's modules list.
   */
  module: string;
  modules?: Module[];
  entities?: Entity[];
  lists?: ListScreen[];
  forms?: FormScreen[];
  reports?: ReportScreen[];
  homes?: HomeScreen[];
  menus?: Menu[];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Module".
 */
export interface Module {
  name: string;
  title: string;
  info?: string;
  /**
   * In-app path (/aircraft-logistic/home), http(s) link (new tab) or a static .html page (full load).
   */
  url?: string;
  statichtml?: boolean;
  icon?: string;
  order?: number;
  /**
   * Shell routes need only sign-in; no menu entry grants them.
   */
  shell?: boolean;
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Entity".
 */
export interface Entity {
  name: Name;
  title: string;
  /**
   * Table name; defaults to the entity name.
   */
  table?: string;
  /**
   * Primary key column; defaults to id.
   */
  key?: string;
  /**
   * serial: generated bigint; string: a code given by the user (e.g. compcode).
   */
  keyType?: 'serial' | 'string';
  /**
   * Adds compcode (or, when the key is named compcode, uses the key) and scopes every query by the session's company.
   */
  companyScoped?: boolean;
  /**
   * Field shown when another entity references a row (lookups).
   */
  display?: string;
  numbering?: {
    field: string;
    series: string;
    /**
     * Tokens: {series} {YYYY} {YY} {MM} {seq:N}. A sequence per series, company and year; gap-free.
     */
    format?: string;
  };
  /**
   * @minItems 1
   */
  fields: [Field, ...Field[]];
  indexes?: {
    /**
     * @minItems 1
     */
    fields: [string, ...string[]];
    unique?: boolean;
  }[];
  /**
   * Child line entities edited with this one (master-detail).
   */
  children?: {
    /**
     * Property name of the lines in a document; defaults to the child entity name.
     */
    name?: string;
    entity: Name;
    /**
     * Reference field of the child pointing at this entity.
     */
    foreignKey: string;
    title?: string;
    /**
     * The most lines one document holds (default 1000): a heavy check's work order holds a couple of thousand task cards.
     */
    maxLines?: number;
  }[];
  /**
   * Owned by the engine or a plugin: no generic write endpoint.
   */
  system?: boolean;
  /**
   * Write an audit row for every change.
   */
  audit?: boolean;
  /**
   * An airworthiness record (decision 0313): its rows are never deleted, by any path (generic delete, lines left out of the parent's save, import, actions, a cascade); a trigger refuses the delete with 409 ERR_RETAINED.
   */
  retain?: boolean;
  /**
   * For an entity that is not company scoped itself: a row is visible in a company when a row of `entity` (company scoped) references it through `field` (an EXISTS condition).
   */
  companyVia?: {
    entity: Name;
    field: string;
  };
  /**
   * A read-only entity backed by a SQL view: the SELECT that defines it (PostgreSQL 15 SQL). It must return the key column, compcode when company scoped, and every declared field. Views are created after tables and recreated when the SELECT changes; they never hold data.
   */
  view?: string;
  /**
   * Like view, with the SELECT in a .sql file beside this YAML file (path relative to it). Long views belong in their own file.
   */
  viewFile?: string;
  /**
   * A view whose rows are kept in a table (docs/decisions/0200): read through the same name, indexed for its lists. The rows are refreshed per value of `part` when a statement changes a table the view reads (triggers mark the part stale in the same transaction) and per company when `asOf` moves on (the business date). Until refreshed, a stale part's or company's rows are computed by the view itself, so a reader never sees stale rows.
   */
  stored?: {
    /**
     * The field the rows are refreshed by (e.g. aircraft).
     */
    part: string;
    /**
     * What the rows are computed as of, per company: a view keyed by compcode (e.g. company_today.today). When it changes, the company's rows are computed again.
     */
    asOf: {
      entity: Name;
      field: string;
    };
    /**
     * Indexes of the stored rows, each a list of fields (compcode is put first).
     */
    indexes?: [string, ...string[]][];
    /**
     * Every table the view reads (through views too), and which parts a change of it makes stale: a field of the changed rows holding the part, `all` (every part of the changed rows' companies), or a SELECT of the parts reading the changed rows as `changed`.
     *
     * @minItems 1
     */
    changedBy: [
      {
        entity: Name;
        part: string;
      },
      ...{
        entity: Name;
        part: string;
      }[]
    ];
  };
  /**
   * Rows are read only by the people taking part in them (e.g. workflow tasks): the user named in `owner`, or a user named in `user` of a row of `via` that references this row through `field`; or, with `through`, the participants of the row that this row's reference field `through` points at. Whoever holds the letter of `unless` on its entity reads every row of the company.
   */
  participants?: {
    /**
     * A reference field to users: that user takes part.
     */
    owner?: string;
    via?: {
      entity: Name;
      /**
       * The field of `entity` referencing this entity's key.
       */
      field: string;
      /**
       * The field of `entity` naming a user who takes part.
       */
      user: string;
    };
    /**
     * A reference field to an entity with participants: this row is read by that row's participants.
     */
    through?: string;
    unless?: {
      entity: Name;
      letter: 'C' | 'R' | 'U' | 'D' | 'P' | 'O';
    };
  };
  /**
   * The document is approved through the workflow engine (docs/workflow.md): the engine offers send_<entity> (send to the company's active workflow for this entity) and cancel_<entity> (withdraw while nobody has acted), keeps the status field, which no other path writes (409), and its lifecycle locks. Offer the actions on the document's form with `actions: [{ name: send_<entity>, ... }]`.
   */
  workflow?: {
    /**
     * The enum status field ('000' DRAFT, '100' ON PROCESS, '111' APPROVED, '110' REJECTED); read-only to forms.
     */
    status?: string;
    /**
     * The task's name before the document number (default: the entity's title).
     */
    title?: string;
    /**
     * The document's date field: a document replayed by the fixture loader is sent and approved on that day, so its workflow history carries the document's dates.
     */
    date?: string;
    /**
     * Another task title by the value of a field, e.g. { field: jasa, values: { '1': Service Request } }.
     */
    titleBy?: {
      field: Name;
      values: {
        [k: string]: string;
      };
    };
    /**
     * Approving the document is a certifying signature (an authorisation's approval): the approval asks the approver's password and, where the company requires it, a one-time code (engine/src/auth/signer.ts); nobody approves it for someone else or as a delegate.
     */
    signature?: boolean;
    /**
     * The child collection that must have at least one line before sending; its count is shown in the task.
     */
    lines?: string;
    /**
     * Fields of the document shown in the task's description after the line count: a decimal as an amount with the document's currency ('USD 12,500.00'), another field as 'for <value>' (registration: 'for PK-GTB').
     */
    detail?: Name[];
  };
  /**
   * Named prints of the document besides the default one (its fields and lines): a certificate, a work pack, an invoice. Each is a Handlebars template in a .hbs file beside this YAML, rendered to PDF by the server (letter P) with the document's formatted values (`doc.<field>`), its lines (`lines.<child>`: rows of formatted values), the company and who printed it. Offered by the form's Print button; `when` limits it to documents in those states (409 otherwise, with `message`).
   */
  prints?: {
    name: Name;
    title: string;
    /**
     * The Handlebars template, relative to this YAML file.
     */
    templateFile: string;
    when?: When;
    /**
     * The refusal when `when` does not hold (default: '<title> cannot be printed for this document yet.').
     */
    message?: string;
    /**
     * The document's own print: Print (no print name) renders this template instead of the generic one (every field, then the lines), and the Print menu does not offer it twice. At most one per entity, without `when`.
     */
    default?: boolean;
    /**
     * Reference fields of the document whose referenced rows the template reads whole, formatted as printed: `ref.<field>.<their field>` (the vendor's address, the store delivered to). Their hidden fields are not given.
     */
    refs?: Name[];
  }[];
  /**
   * The signatures of the record that are sealed (engine/src/records/seal.ts, decision 0305): each kind names exactly what its signature covers, the record's fields and its lines' fields. The plugin that signs calls sealRecord(tx, reg, user, entity, key, kind) once the signature is written; Verify (GET /api/data/{entity}/{key}/verify and the form's button) recomputes the SHA-256 over the canonical form (RFC 8785) and names a field that no longer matches.
   */
  seals?: {
    kind: Name;
    title?: string;
    /**
     * The record's fields the signature covers (the signer, their authorisation number and version, the time, the aircraft's hours and cycles where the record holds them).
     *
     * @minItems 1
     */
    fields: [Name, ...Name[]];
    lines?: {
      child: Name;
      /**
       * @minItems 1
       */
      fields: [Name, ...Name[]];
    }[];
    /**
     * A covered field whose new value is a new version of the record (an authorisation revised): the seal of an earlier version is then superseded, not broken.
     */
    revision?: string;
  }[];
  /**
   * The document's lifecycle. As a list: the rules of when it may no longer be updated, deleted or have its lines changed (checked on every write path: generic data calls, spec calls, plugin actions; read by the renderer); a rule applies when every field in `when` holds one of the listed values. As an object (docs/metadata.md, Lifecycle): the same `rules` and the document's states and transitions (decision 0405), from which the engine derives what its screens offer and what the action runner refuses.
   */
  lifecycle?: LifecycleRule[] | LifecycleDeclaration;
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Field".
 */
export interface Field {
  name: FieldName;
  type:
    | 'string'
    | 'text'
    | 'integer'
    | 'decimal'
    | 'date'
    | 'datetime'
    | 'boolean'
    | 'enum'
    | 'reference'
    | 'attachment'
    | 'binary';
  label?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /**
   * decimal: total digits.
   */
  precision?: number;
  /**
   * decimal: digits after the point.
   */
  scale?: number;
  default?: string | number | boolean | null;
  /**
   * Unique within the company when the entity is company scoped.
   */
  unique?: boolean;
  index?: boolean;
  /**
   * enum: the codes and their labels.
   *
   * @minItems 1
   */
  values?: [
    {
      code: string | number;
      label: string;
    },
    ...{
      code: string | number;
      label: string;
    }[]
  ];
  /**
   * reference: the referenced entity.
   */
  entity?: string;
  onDelete?: 'restrict' | 'cascade' | 'set null';
  /**
   * Never written by generic forms (set by the server or a plugin).
   */
  readOnly?: boolean;
  /**
   * A state the document's actions move (a work order's progress): read-only to every form; a generic create or update carrying a value other than the stored one (on create: the default) is refused with 409, and a fixture may not type or import it. Only the entity's plugin actions and hooks write it (docs/workflow.md).
   */
  setBy?: 'actions';
  /**
   * Never sent to clients (e.g. password hashes).
   */
  hidden?: boolean;
  /**
   * Personal data (bank account, birth date, address): read only by the person the row is (users) and by whoever may update the row in every company it belongs to; shown as null to others, and never a filter, search or sort key.
   */
  personal?: boolean;
  help?: string;
  /**
   * decimal/integer: show with the company currency.
   */
  currency?: boolean;
  allowNegative?: boolean;
  /**
   * string: a regular expression (JSON Schema / ECMAScript with the u flag) the whole value must match, e.g. ^BR-[0-9]{4}$; checked by the form and the server with the entity's one schema. Needs `patternMessage`; not with `format`.
   */
  pattern?: string;
  /**
   * With `pattern`: what the field says when a value does not match, in words a user understands, e.g. 'must be BR- and four digits, such as BR-0042' (translated like labels).
   */
  patternMessage?: string;
  /**
   * integer `duration`: a duration stored as minutes, typed and shown as H:MM (hours may exceed 24, e.g. 4875:27): the form uses the duration widget, list columns, exports and prints show H:MM. string `email`: an e-mail address (name@domain.tld); string `username`: a sign-in name (3 to 50 of a-z, 0-9, '.', '_', '-', starting with a letter or digit); string `phone`: a phone number (6 to 20 digits, an optional + in front, spaces ( ) - . / between them). Each checked by the form and the server with the entity's one schema.
   */
  format?: 'duration' | 'email' | 'username' | 'phone';
  /**
   * reference: what the lookup dialog shows, searches and offers, and what choosing a row copies into the form (docs/metadata.md "Lookups").
   */
  lookup?: {
    filter?: LookupConditions;
    /**
     * Referenced field <- field of the open document: only rows whose field equals the document's value are offered (when it has one), e.g. a receipt line's PO line { purchase_order: purchase_order }; on a line, the document's header field.
     */
    match?: {
      [k: string]: string;
    };
    /**
     * Date fields of the referenced rows: only rows whose every listed date is empty or not before the company's business date are offered, e.g. a tool whose calibration is not overdue [calibration_due].
     *
     * @minItems 1
     */
    notPast?: [string, ...string[]];
    /**
     * On a line: only rows listed in another child of the same stored document, e.g. a quotation line's vendor among the vendors invited { lines: vendors, field: vendor } (the form sends the document's key; a document not yet saved is not narrowed).
     */
    among?: {
      /**
       * A child of the document (its name), e.g. vendors.
       */
      lines: string;
      /**
       * That child's reference field to the same entity, e.g. vendor.
       */
      field: string;
    };
    /**
     * What choosing a row copies: form field <- expression on the chosen row (a field name, or fields joined by + and -, e.g. 'quantity - qty_received'); a child of the form's entity <- { from, filter, fields, positive } copies the chosen row's child rows as new lines.
     */
    copy?: {
      [k: string]:
        | string
        | {
            /**
             * The chosen row's child (its name).
             */
            from: string;
            filter?: LookupConditions1;
            /**
             * Line field <- expression on the child row.
             */
            fields: {
              [k: string]: string;
            };
            /**
             * A line field whose copied value must be above zero, else the row is not copied (e.g. the quantity still to receive).
             */
            positive?: string;
          };
    };
    /**
     * The server applies the copy's field values too: a row written with the reference set and a copied field left empty gets the chosen row's value (what a master item is travels onto every line written by a form, an action, an import or the API). Only field copies, not lines.
     */
    fill?: boolean;
    /**
     * Fields of the referenced entity shown as columns.
     */
    columns?: string[];
    /**
     * Fields searched by the filter box.
     */
    search?: string[];
  };
}
/**
 * Conditions on the referenced rows offered (equality, or one of a list), e.g. only approved, open orders { statuswf: '111', outstand: 1 }.
 */
export interface LookupConditions {
  [k: string]:
    string | number | boolean | null | [string | number | boolean | null, ...(string | number | boolean | null)[]];
}
/**
 * Only the child rows meeting these conditions.
 */
export interface LookupConditions1 {
  [k: string]:
    string | number | boolean | null | [string | number | boolean | null, ...(string | number | boolean | null)[]];
}
/**
 * field: value or [values]; all must hold.
 */
export interface When {
  [k: string]: string | number | boolean | [string | number | boolean, ...(string | number | boolean)[]];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "LifecycleRule".
 */
export interface LifecycleRule {
  when: When;
  /**
   * update: header fields typed by users; delete: the document; lines: inserting, deleting or changing child lines.
   *
   * @minItems 1
   */
  refuse: ['update' | 'delete' | 'lines', ...('update' | 'delete' | 'lines')[]];
  /**
   * Header fields that stay writable while update is refused.
   */
  except?: string[];
  /**
   * Line fields that stay writable (on existing lines) while lines are refused.
   */
  exceptLines?: string[];
  /**
   * The refusal text; by default it names the document and its state.
   */
  message?: string;
}
/**
 * A document's states and transitions, declared once (decision 0405). Either its own `states` and `transitions`, or `like: <entity>`: another entity's declaration in this entity's codes (`codes`) and action names (`actions`), with the kind's own extra `guards`.
 *
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "LifecycleDeclaration".
 */
export interface LifecycleDeclaration {
  /**
   * The state field (an enum field of the entity, set by actions).
   */
  field: string;
  /**
   * The states, codes of the state field (every code of the field, in its order).
   *
   * @minItems 1
   */
  states?: [string, ...string[]];
  /**
   * @minItems 1
   */
  transitions?: [LifecycleTransition, ...LifecycleTransition[]];
  /**
   * The entity whose declaration this one shares (its states and transitions).
   */
  like?: string;
  /**
   * With `like`: each state of the shared declaration → this entity's code(s) of it.
   */
  codes?: {
    [k: string]: string | [string, ...string[]];
  };
  /**
   * With `like`: each action of the shared declaration → this entity's action.
   */
  actions?: {
    [k: string]: Name;
  };
  /**
   * With `like`: this entity's own guards added to a transition, by its (this entity's) action name.
   */
  guards?: {
    /**
     * @minItems 1
     */
    [k: string]: [Name, ...Name[]];
  };
  /**
   * The lifecycle rules (as the list form).
   */
  rules?: LifecycleRule[];
}
/**
 * An action offered from some states: shown only there (no visibleWhen), refused from any other (409 ERR_STATE, nothing changed).
 *
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "LifecycleTransition".
 */
export interface LifecycleTransition {
  /**
   * The action (a screen of the entity offers it).
   */
  action: string;
  /**
   * The states it is offered from.
   */
  from: string | [string, ...string[]];
  /**
   * The state the action leads to (where it sets one).
   */
  to?: string;
  /**
   * Named guards (Plugin.guards: row in, refusal text or null out), checked in order after the state.
   *
   * @minItems 1
   */
  guards?: [Name, ...Name[]];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "ListScreen".
 */
export interface ListScreen {
  route: RouteName;
  params?: Param[];
  entity: Name;
  title: string;
  /**
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Fields searched by the free-text filter (contains).
   */
  search?: string[];
  /**
   * This list opens its module's context: the module shows a selector that picks a row of this list as the open record, whose key fills the filters the module's screens declare (contextFilter). At most one list per module.
   */
  opensContext?: {
    /**
     * The context's name (the maintenance fleet opens the aircraft: spec §3 Open Aircraft).
     */
    name: string;
    /**
     * The fields of the list's entity the context is built from (checked at load to exist).
     *
     * @minItems 1
     */
    reads: [Name, ...Name[]];
  };
  filters?: Filter[];
  contextFilter?: ContextFilter;
  /**
   * Conditions always applied: a value is equality (status: '111'), a list any of its values (entity_name: [work_order, ad_review]).
   */
  fixedFilter?: {
    [k: string]: string | number | boolean | null | [string | number, ...(string | number)[]];
  };
  defaultSort?: {
    field: string;
    dir?: 'asc' | 'desc';
  };
  pageSize?: 10 | 15 | 20 | 25 | 30 | 40 | 50;
  /**
   * Route opened on row click and for New.
   */
  form?: string;
  emptyText?: string;
  chart?: Chart;
  actions?: Action[];
}
/**
 * A chart drawn above the list from the rows it shows (lazy-loaded; chart.js). timeline: one bar per row from today to its `date` (before today: from it to today), a mark at `limit`, coloured by `status`, labelled by `label` (and `note`); bar: `value` per `label`; line: `value` against `date`; alert: one small chart per `label` (and `note`), `value` against `date` with the numeric `limit` as a dashed alert line, points coloured by `status`.
 *
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Chart".
 */
export interface Chart {
  kind: 'timeline' | 'bar' | 'line' | 'alert';
  title?: string;
  /**
   * The field naming each row (timeline, bar).
   */
  label?: string;
  /**
   * A field shown after the label (e.g. the driving counter).
   */
  note?: string;
  /**
   * timeline: where the bar ends (forecast); line: the x axis.
   */
  date?: string;
  /**
   * timeline: a date marked on each row (the due date).
   */
  limit?: string;
  /**
   * An enum field colouring the rows.
   */
  status?: string;
  /**
   * status code → colour
   */
  colors?: {
    [k: string]: string;
  };
  /**
   * bar, line: the number plotted.
   */
  value?: string;
  /**
   * Filter parameters that must hold a value for the chart to be drawn (a stock card's value over time needs one item in one store).
   */
  needs?: string[];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Action".
 */
export interface Action {
  /**
   * A plugin action registered under this name.
   */
  name: string;
  /**
   * The function that does the action, one hop from here: `module/file#export` (plugins/<module>/<file>.ts, its exported function), or `engine#send` / `engine#cancel` for the send and cancel actions the engine gives a document with `workflow:` (engine/src/workflow/actions.ts). Checked at start: the file exists, it exports that function, and the action registered under `name` is bound to that very function (its `handler`); decision 0400.
   */
  run: string;
  label: string;
  /**
   * The permission letter the action needs on the entity: O (other) when not given, which covers posting, reversing, sending, converting and granting; P is print only, U an edit of the document (signing a card). Every screen offering the action declares the same letter (checked at load). One runner checks it for HTTP, fixtures and plugins (engine/src/crud/run-action.ts).
   */
  letter?: 'C' | 'R' | 'U' | 'D' | 'P' | 'O';
  confirm?: string;
  /**
   * The action is a certifying signature: the body carries the signer's `password` and, where the company requires a second factor, `otp` (a code of the signer's authenticator); the runner checks both before the action runs (engine/src/auth/signer.ts), a session token alone never signs.
   */
  signature?: boolean;
  /**
   * Acts on one selected row.
   */
  row?: boolean;
  /**
   * Lists: acts on the rows ticked in the list (one or more, across pages); the body carries their keys as `keys`. The action checks each key itself.
   */
  selection?: boolean;
  /**
   * The action takes a file the user picks (json: a JSON document; xlsx: a workbook, sent base64-encoded; either as `file` with its `filename`): the screen first runs it with `dryRun: true` and shows the answer (`message`, `problems`) as a preview, then runs it for real (an aircraft's records import; a fleet's migration workbook).
   */
  file?: 'json' | 'xlsx';
  /**
   * With `file`: the API path (under /api/) of a template to fill, offered in the file dialog as a download (a fleet's migration workbook).
   */
  template?: string;
  /**
   * What the action asks in a dialog before it runs (a correction's reason, an amendment's card and values, decision 0317): the renderer opens a form of these fields instead of OK/Cancel and sends the filled ones in the body under their names. `required` is checked in the dialog and, always, by the action itself at the field (400 at /name, nothing written).
   *
   * @minItems 1
   */
  inputs?: [ActionInput, ...ActionInput[]];
  /**
   * Forms: conditions on the open record, a value or a list of values the field may have; the action is offered only when all hold (e.g. posted: 0, wo_status: [RELEASED, INPROGRESS]). The server still decides.
   */
  visibleWhen?: {
    [k: string]: string | number | boolean | null | [string | number, ...(string | number)[]];
  };
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "ActionInput".
 */
export interface ActionInput {
  /**
   * The body field the action reads.
   */
  name: string;
  label: string;
  help?: string;
  /**
   * string or text: typed text; date: a day; enum: one of `values`; line: one of the open record's lines of `child` (forms), its key sent.
   */
  type: 'string' | 'text' | 'date' | 'enum' | 'line';
  required?: boolean;
  maxLength?: number;
  /**
   * @minItems 1
   */
  values?: [
    {
      code: string;
      label: string;
    },
    ...{
      code: string;
      label: string;
    }[]
  ];
  /**
   * type line: the child collection of the open record whose lines are offered.
   */
  child?: string;
  /**
   * type line: the line's fields that name it in the choice (e.g. seq, task_code).
   *
   * @minItems 1
   */
  show?: [Name, ...Name[]];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "FormScreen".
 */
export interface FormScreen {
  route: RouteName;
  /**
   * Route parameters; the first names the record key.
   */
  params?: Param[];
  entity: Name;
  title: string;
  /**
   * @minItems 1
   */
  sections: [
    {
      title?: string;
      /**
       * @minItems 1
       */
      fields: [FormField, ...FormField[]];
    },
    ...{
      title?: string;
      /**
       * @minItems 1
       */
      fields: [FormField, ...FormField[]];
    }[]
  ];
  /**
   * Child lines edited in the same form.
   */
  lines?: {
    /**
     * Name of a children entry of the entity.
     */
    child: string;
    title?: string;
    /**
     * @minItems 1
     */
    columns: [FormField, ...FormField[]];
  }[];
  /**
   * Equality conditions; when all hold the whole form is read only.
   */
  readOnlyWhen?: {
    [k: string]: string | number | boolean | null;
  };
  /**
   * Route to return to after save or close.
   */
  list?: string;
  actions?: Action[];
  /**
   * Read-only sections listing rows of another list or report whose filters match fields of the open record (e.g. the ledger rows a document posted).
   */
  related?: {
    title?: string;
    /**
     * A list or report route of the same module, or module/route.
     */
    list: string;
    /**
     * Filter parameter of the list (an eq filter) → field of the open record.
     */
    match: {
      [k: string]: string;
    };
    /**
     * Fields of the list's columns to show (default: all the list's columns).
     */
    columns?: string[];
    emptyText?: string;
  }[];
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "ReportScreen".
 */
export interface ReportScreen {
  route: RouteName;
  params?: Param[];
  /**
   * Entity or view the rows come from.
   */
  entity: string;
  title: string;
  /**
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Fields searched by the free-text filter (contains); a report without it has no search box and refuses `q`.
   */
  search?: string[];
  filters?: Filter[];
  contextFilter?: ContextFilter;
  chart?: Chart;
  defaultSort?: {
    field: string;
    dir?: 'asc' | 'desc';
  };
  pageSize?: 10 | 15 | 20 | 25 | 30 | 40 | 50;
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "HomeScreen".
 */
export interface HomeScreen {
  route: RouteName;
  title: string;
  text?: string;
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "Menu".
 */
export interface Menu {
  /**
   * Unique within the module; the route name when route is set.
   */
  name: string;
  title: string;
  icon?: string;
  /**
   * Route of this module the entry opens; omitted for a group.
   */
  route?: string;
  /**
   * Explicit url; defaults to /<module>/<route>.
   */
  url?: string;
  /**
   * Name of the parent menu of the same module.
   */
  parent?: string;
  badge?: string;
  order?: number;
  /**
   * Route opened without a server access check (e.g. postmod-history).
   */
  noAccessCheck?: boolean;
  /**
   * Letters on this entry count only in a holding company (isholding): they are refused when granted in a subsidiary and ignored if present there (e.g. registrations of prospects).
   */
  holdingOnly?: boolean;
}
/**
 * This interface was referenced by `MetadataDocument`'s JSON-Schema
 * via the `definition` "LookupConditions".
 */
export interface LookupConditions2 {
  [k: string]:
    string | number | boolean | null | [string | number | boolean | null, ...(string | number | boolean | null)[]];
}
