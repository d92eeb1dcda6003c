/**
 * The loaded, validated and normalised metadata: what every other part of the engine reads.
 * Built by `loadMetadata()`; immutable afterwards.
 *
 *   const reg = await loadMetadata('metadata');
 *   reg.entity('store_warehouse').table  // 'store_warehouse'
 *   reg.screen('aircraft-logistic', 'store-warehouse')?.kind  // 'list'
 */
import type {
  Action,
  Column,
  Entity,
  Field,
  Filter,
  FormField,
  FormScreen,
  HomeScreen,
  ListScreen,
  Menu,
  Module,
  ReportScreen,
  LifecycleDeclaration,
  LifecycleRule,
} from './types.gen.ts';
import type { Dictionary, Language } from './i18n.ts';

export interface FieldDef extends Field {
  label: string;
}

export interface ChildDef {
  name: string;
  entity: string;
  foreignKey: string;
  title: string;
  /** The most lines one document holds (metadata `maxLines`, default 1000). */
  maxLines: number;
}

/** A named print of an entity (metadata `prints`), its template read from the .hbs file. */
export interface PrintDef {
  name: string;
  title: string;
  /** Handlebars source */
  template: string;
  when?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  message?: string;
  /** The document's own print: Print without a print name renders it (metadata `default`). */
  default?: boolean;
  /** Reference fields whose referenced rows the template reads as `ref.<field>.<their field>`. */
  refs?: string[];
}

export interface EntityDef extends Omit<Entity, 'fields' | 'children' | 'prints' | 'lifecycle'> {
  prints?: PrintDef[];
  /** The lifecycle rules (the list form, or the declaration's `rules`; crud/lifecycle.ts). */
  lifecycle?: LifecycleRule[];
  /** The declared states and transitions, resolved in this entity's codes and actions (metadata/states.ts, decision 0405). */
  states?: StatesDef;
  /** The lifecycle declaration as written (the object form of `lifecycle`), resolved into `states`. */
  declaration?: LifecycleDeclaration;
  module: string;
  file: string;
  table: string;
  key: string;
  keyType: 'serial' | 'string';
  companyScoped: boolean;
  audit: boolean;
  fields: FieldDef[];
  children: ChildDef[];
  /** Name of the parent entity when this entity is a child line entity. */
  parent?: { entity: string; foreignKey: string };
}

/** A document's lifecycle declaration as the engine reads it: this entity's own codes and action names. */
export interface StatesDef {
  field: string;
  states: string[];
  transitions: TransitionDef[];
  /** The entity whose declaration it shares (`like`), if any. */
  like?: string;
}

export interface TransitionDef {
  action: string;
  from: string[];
  to?: string;
  guards: string[];
}

export interface ColumnDef {
  field: string;
  label: string;
  sortable: boolean;
  format?: Exclude<Column, string>['format'];
  width?: number;
}

export interface FilterDef {
  field: string;
  op: NonNullable<Exclude<Filter, string>['op']>;
  label: string;
  param: string;
}

export interface FormFieldDef {
  field: string;
  label?: string;
  widget?: Exclude<FormField, string>['widget'];
  readOnly?: boolean;
  readOnlyWhen?: Record<string, string | number | boolean | null>;
  width?: number;
  placeholder?: string;
}

interface ScreenBase {
  module: string;
  route: string;
  title: string;
  file: string;
  params: string[];
}

export interface ListScreenDef extends ScreenBase, Omit<ListScreen, 'columns' | 'filters' | 'params' | 'pageSize'> {
  kind: 'list';
  columns: ColumnDef[];
  filters: FilterDef[];
  pageSize: number;
  /** Offered actions, each with its letter (O when metadata gives none). */
  actions: (Action & { letter: NonNullable<Action['letter']> })[];
}

export interface ReportScreenDef extends ScreenBase, Omit<ReportScreen, 'columns' | 'filters' | 'params' | 'pageSize'> {
  kind: 'report';
  columns: ColumnDef[];
  filters: FilterDef[];
  pageSize: number;
}

/**
 * A read-only section of a form listing the rows of another list or report whose (eq) filters
 * take values of the open record: `match` maps the list's filter parameter to a field.
 */
export interface RelatedDef {
  title: string;
  module: string;
  route: string;
  match: Record<string, string>;
  columns?: string[];
  emptyText?: string;
}

export interface FormScreenDef extends ScreenBase, Omit<FormScreen, 'sections' | 'lines' | 'params' | 'related'> {
  kind: 'form';
  sections: { title?: string; fields: FormFieldDef[] }[];
  lines: { child: string; title?: string; columns: FormFieldDef[] }[];
  /** Offered actions, each with its letter (O when metadata gives none). */
  actions: (Action & { letter: NonNullable<Action['letter']> })[];
  related: RelatedDef[];
}

export interface HomeScreenDef extends ScreenBase, HomeScreen {
  kind: 'home';
}

export type ScreenDef = ListScreenDef | ReportScreenDef | FormScreenDef | HomeScreenDef;

export interface ModuleDef extends Module {
  file: string;
  url: string;
  statichtml: boolean;
  order: number;
}

export interface MenuDef extends Menu {
  module: string;
  file: string;
  url: string;
  level: number;
  order: number;
}

export class Registry {
  readonly modules = new Map<string, ModuleDef>();
  readonly entities = new Map<string, EntityDef>();
  /** Key `${module}/${route}`. */
  readonly screens = new Map<string, ScreenDef>();
  /** Where each screen is declared in its file, by the same key: `/forms/3` (its actions are `/forms/3/actions/<n>`). */
  readonly screenPaths = new Map<string, string>();
  readonly menus: MenuDef[] = [];
  /** Files read, relative to the metadata root. */
  readonly files: string[] = [];
  /** Translation files (`<module folder>/i18n/<language>.yaml`) by language and module (decision 0144). */
  readonly dictionaries = new Map<Language, Map<string, Dictionary>>();

  /** A deep copy of the declarations (shares the dictionaries): what `localised()` translates. */
  copy(): Registry {
    const r = new Registry();
    for (const [k, v] of this.modules) r.modules.set(k, structuredClone(v));
    for (const [k, v] of this.entities) r.entities.set(k, structuredClone(v));
    for (const [k, v] of this.screens) r.screens.set(k, structuredClone(v));
    for (const [k, v] of this.screenPaths) r.screenPaths.set(k, v);
    r.menus.push(...structuredClone(this.menus));
    r.files.push(...this.files);
    for (const [k, v] of this.dictionaries) r.dictionaries.set(k, v);
    return r;
  }

  entity(name: string): EntityDef {
    const e = this.entities.get(name);
    if (!e) throw new Error(`Unknown entity ${name}`);
    return e;
  }

  screen(module: string, route: string): ScreenDef | undefined {
    return this.screens.get(`${module}/${route}`);
  }

  /** Every screen with this route name, in any module (route names repeat across modules). */
  screensByRoute(route: string): ScreenDef[] {
    return [...this.screens.values()].filter((s) => s.route === route);
  }

  /** Screens that show or edit the entity (lists, forms, reports). */
  screensOfEntity(entity: string): ScreenDef[] {
    // indexed on first use (every action call asks): screens are only added while loading
    if (!this.byEntity || this.byEntitySize !== this.screens.size) {
      this.byEntity = new Map();
      this.byEntitySize = this.screens.size;
      for (const s of this.screens.values()) {
        if (s.kind === 'home' || !s.entity) continue;
        const list = this.byEntity.get(s.entity) ?? [];
        list.push(s);
        this.byEntity.set(s.entity, list);
      }
    }
    return [...(this.byEntity.get(entity) ?? [])];
  }
  private byEntity?: Map<string, ScreenDef[]>;
  private byEntitySize = 0;

  /** The module's list that opens its context (`opensContext`): the context selector picks from it. */
  contextList(module: string): ListScreenDef | undefined {
    for (const s of this.screens.values()) if (s.kind === 'list' && s.module === module && s.opensContext) return s;
    return undefined;
  }

  menusOf(module: string): MenuDef[] {
    return this.menus.filter((m) => m.module === module).sort((a, b) => a.order - b.order);
  }

  field(entity: string, field: string): FieldDef | undefined {
    return this.entities.get(entity)?.fields.find((f) => f.name === field);
  }
}
