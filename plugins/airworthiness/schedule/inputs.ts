/**
 * What the due computation reads (an aircraft's programme, parts, ADs and SBs: `AircraftInput`,
 * loaded by load.ts) and what it writes (`DueRow`, one row of due_schedule).
 */
import type { CalendarRule, Due, Interval, Point, Whichever } from '../rules/due.ts';
import type { Counter } from '../rules/usage.ts';
import type { PartState } from '../store.ts';

export type Measure = 'AIRCRAFT' | 'APU' | 'PART' | 'LLP';

/** One row of due_schedule. */
export interface DueRow {
  due_key: string;
  item_kind: 'INSPECTION' | 'COMPONENT' | 'LLP' | 'AD' | 'SB';
  component?: number | null;
  type_inspection?: number | null;
  component_limit?: number | null;
  type_llp?: number | null;
  ad_status?: number | null;
  sb_status?: number | null;
  item_code: string;
  description: string;
  inspection_group?: number | null;
  ata?: number | null;
  measure: Measure;
  rate_basis: 'AIRCRAFT' | 'APU';
  factor_h: number;
  factor_c: number;
  whichever: Whichever;
  interval_h: number | null;
  interval_c: number | null;
  interval_days: number | null;
  last_done_date: string | null;
  last_done_h: number | null;
  last_done_c: number | null;
  due_h: number | null;
  due_c: number | null;
  due_l: number | null;
  due_r: number | null;
  due_date: string | null;
  hard_date: string | null;
  tol_h: number | null;
  tol_c: number | null;
  tol_days: number | null;
  no_record: boolean;
  /** An approved one-time variation extending this due (applyVariations), and the due before it. */
  variation?: number | null;
  prog_due_h?: number | null;
  prog_due_c?: number | null;
  prog_due_date?: string | null;
}

export interface InspectionInput {
  id: number;
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
