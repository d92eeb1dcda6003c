/**
 * What the due computation reads (an aircraft's programme, parts, ADs and SBs: `AircraftInput`,
 * loaded by load.ts) and what it writes (`DueRow`, one row of due_schedule).
 */
import type { Selectable } from 'kysely';
import type { DueScheduleTable } from '../../../engine/src/db/schema.gen.ts';
import type { CalendarRule, Due, Interval, Point, Whichever } from '../rules/due.ts';
import type { Counter } from '../rules/usage.ts';
import type { PartState } from '../store.ts';

export type Measure = 'AIRCRAFT' | 'APU' | 'PART' | 'LLP';

type DueColumns = Selectable<DueScheduleTable>;

/**
 * One row of due_schedule as the computation makes it: the columns' types are the table's
 * (schema.gen.ts); the kinds are narrowed here, the references an item may leave out are optional,
 * and `rate_basis`/`factor_*` (how its dues are reckoned) are not stored.
 */
export interface DueRow
  extends Pick<DueColumns, 'due_key' | 'interval_h' | 'interval_c' | 'interval_days' | 'last_done_date' | 'last_done_h' | 'last_done_c' | 'due_h' | 'due_c' | 'due_l' | 'due_r' | 'due_date' | 'hard_date' | 'tol_h' | 'tol_c' | 'tol_days' | 'no_record'>,
    Partial<Pick<DueColumns, 'component' | 'type_inspection' | 'component_limit' | 'type_llp' | 'ad_status' | 'sb_status' | 'inspection_group' | 'ata'>>,
    /** An approved one-time variation extending this due (applyVariations), and the due before it. */
    Partial<Pick<DueColumns, 'variation' | 'prog_due_h' | 'prog_due_c' | 'prog_due_date' | 'prog_revision'>> {
  item_kind: 'INSPECTION' | 'COMPONENT' | 'LLP' | 'AD' | 'SB';
  /** Never null in a computed row (the columns allow null). */
  item_code: string;
  description: string;
  measure: Measure;
  whichever: Whichever;
  rate_basis: 'AIRCRAFT' | 'APU';
  factor_h: number;
  factor_c: number;
}

export interface InspectionInput {
  id: number;
  /** The programme revision that wrote the task as it is (decision 0380); null before the type's first revision. */
  revision?: number | null;
  task_code: string;
  title: string;
  inspection_group: number | null;
  ata: number | null;
  measured_in: 'AIRCRAFT' | 'APU';
  interval: Interval;
  threshold: Interval | null;
  whichever: Whichever;
  calendar_rule: CalendarRule;
  tolerance: { pc: number | null; h: number | null; c: number | null; days: number | null };
  is_ali: boolean;
  repetitive: boolean;
  /** The last posted accomplishment: where the next interval counts from (after tolerance). */
  last: { date: string; base: Point; done: Point } | null;
}

export interface LimitInput {
  id: number;
  task_code: string | null;
  kind_name: string;
  basis: 'TSN' | 'TSO' | 'TSI' | 'TSL';
  inspection_group: number | null;
  limit: Interval & { landings?: number | null; rin?: number | null };
  whichever: Whichever;
  calendar_rule: CalendarRule;
  tolerance: { pc: number | null; h: number | null; c: number | null; days: number | null };
  /** TSL: the last accomplishment of this limit, as a point in the part's TSN/CSN space. */
  last: { date: string; base: Point } | null;
}

export interface PartInput {
  part: PartState;
  partname: string;
  position: string | null;
  ata: number | null;
  manufactureDate: string | null;
  lastOverhaulDate: string | null;
  installedTsn: number | null;
  installedCsn: number | null;
  installedLsn: number | null;
  installedRsn: number | null;
  factorH: number;
  factorC: number;
  limits: LimitInput[];
  llp: { id: number; module: string | null; life_limit_fc: number; life_limit_fh: number | null; life_limit_months: number | null } | null;
  engineSerial: string | null;
}

export interface AdInput {
  statusId: number;
  status: string;
  ad_number: string;
  title: string;
  ata: number | null;
  component: number | null;
  measured_in: 'AIRCRAFT' | 'APU';
  whichever: Whichever;
  effectiveDate: string;
  /** Aircraft (or APU) totals on the effective date. */
  atEffective: { h: number | null; c: number | null };
  threshold: { h: number | null; c: number | null; days: number | null };
  notLaterThan: string | null;
  recurring: boolean;
  interval: Interval;
  last: Point | null;
  /** Next due typed on the status (directives without thresholds). */
  typed: Due;
}

export interface SbInput {
  statusId: number;
  status: string;
  sb_number: string;
  title: string;
  ata: number | null;
  component: number | null;
  recurring: boolean;
  interval: Interval;
  last: Point | null;
  typed: Due;
  plannedDate: string | null;
}

export interface AircraftInput {
  id: number;
  manufactureDate: string | null;
  /** The aircraft's counters now: the dues of parts are stored in them (see `inAircraftCounters`). */
  counters: Record<Counter, number | null>;
  inspections: InspectionInput[];
  parts: PartInput[];
  ads: AdInput[];
  sbs: SbInput[];
}
