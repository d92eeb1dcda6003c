/**
 * Shapes of the spec's named HTTP calls (docs/api.md), built from the row types generated from
 * metadata (engine/src/db/rows.gen.ts, `npm run gen:types`). The server's routes declare their answers with
 * these types and the renderer imports the same ones (renderer/src/api/types.ts), so the two
 * cannot drift apart and a field renamed in metadata fails the typecheck of both.
 * Types only: nothing here may import run-time server code (the renderer compiles this file).
 */
import type { CompanyRow, RegistrationRow, UsersRow } from '../../../engine/src/db/rows.gen.ts';

export type { CompanyRow, EntityRows, RegistrationRow, UsersRow } from '../../../engine/src/db/rows.gen.ts';

/** A page of a list: `meta.totalCapped` when the server stopped counting (a floor). */
export interface PagedResponse<T> {
  meta: { total: number; page?: number; limit?: number; totalCapped?: boolean };
  list: T[];
}

export interface SuccessResponse {
  success: number;
  message?: string;
}

/** The session object (sign-in, me, switch company): the user and the active company. */
export interface Session
  extends Pick<UsersRow, 'username' | 'user_id' | 'full_name' | 'email' | 'mobile' | 'jabatan'>,
    Pick<
      CompanyRow,
      | 'compcode'
      | 'company'
      | 'compwebsite'
      | 'compcolor'
      | 'cashinflowNo'
      | 'cashinflowNm'
      | 'holding'
      | 'remain_pc_due'
      | 'remain_day_due'
      | 'ad_primary'
      | 'consumable_inveCatg'
      | 'insp_group_overhaul'
      | 'insp_group_timelimit'
    > {
  /** users.usergroup */
  group: UsersRow['usergroup'];
  /** users.language: labels, menus, dates and numbers in English or Indonesian (decision 0144). */
  language: 'en' | 'id';
  /** The company's address lines joined. */
  compaddr: string;
  use_wfservice: 0 | 1;
  use_procure: 0 | 1;
  matauang: CompanyRow['matauang'] | null;
}

/** The company's period dates, sent with the session. */
export type PeriodDates = Pick<CompanyRow, 'tglaktif' | 'tglkoran'>;

/** POST auth/signin. With the default password in use: a short token that only changes it. */
export interface SignInResponse extends PeriodDates {
  success: number;
  token: string;
  refresh_token: string | null;
  user: Session;
  defaultpw: boolean;
}

/** POST auth/refresh. */
export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** GET users/me. */
export interface MeResponse extends PeriodDates {
  user: Session;
  defaultpw: boolean;
}

/** PUT users/ulc/{user_id}. */
export interface SwitchCompanyResponse extends PeriodDates {
  success: number;
  user: Session;
}

/** PUT users/reset/{user_id}. */
export interface ResetPasswordResponse extends SuccessResponse {
  default_password?: string;
}

/** GET users/second-factor (and the answer of its confirm): whether the user is enrolled, whether the active company requires it. */
export interface SecondFactorResponse {
  enrolled: boolean;
  enrolled_at: string | null;
  required: boolean;
}

/** POST users/second-factor/enrol: the new secret, answered this once (base32), its otpauth URI and a QR code (PNG data URL). */
export interface SecondFactorEnrolment {
  secret: string;
  uri: string;
  qr: string;
}

/** GET users/companies row: the companies the user may work in. */
export type CompanyListRow = Pick<
  CompanyRow,
  'compcode' | 'company' | 'compaddr1' | 'compaddr2' | 'compaddr3' | 'PhoneNo' | 'compfax' | 'holding' | 'isholding' | 'compcolor'
> & {
  /** The address lines joined. */
  compaddr: string;
  /** The session's active company. */
  active: boolean;
};

/** GET users/list/ row: users of the active company. */
export type UserListRow = Pick<UsersRow, 'user_id' | 'username' | 'full_name' | 'jabatan' | 'crewnik'> & {
  company: CompanyRow['company'];
  /** The user id (the routing pick's crew key). */
  crewkey: UsersRow['user_id'];
};

/** The bell's counts of one company (spec §3 Count object): the top level of GET notifications/counter and of the `notificationcounter` socket event. */
export interface NotificationCounter {
  TaskCount: number;
  MrCount: number;
  MrClosedCount: number;
  PrCount: number;
  PrRejectedCount: number;
  RcvCount: number;
  /** Flagged ATA chapters of recent reliability reports of the programmes the user is the reliability engineer of. */
  RelAlertCount: number;
}

/** The counts of one company the user belongs to (decision 0256). */
export interface CompanyNotificationCounter {
  compcode: string;
  /** The company's name. */
  company: string;
  /** The session's active company (listed first). */
  active: boolean;
  counts: NotificationCounter;
}

/**
 * GET notifications/counter and the `notificationcounter` socket event: the active company's counts
 * (the spec's Count object) and, in `companies`, each company the user belongs to with its own,
 * the active company first (decision 0256).
 */
export interface NotificationCounts extends NotificationCounter {
  companies: CompanyNotificationCounter[];
}

/** GET auth/modules, auth/usermodules. */
export interface AppModule {
  name: string;
  title: string | null;
  info: string | null;
  url: string | null;
  statichtml: boolean;
  icon: string | null;
  /** The module's list that opens its context (metadata `opensContext`; spec §3 Open Aircraft in the fleet modules): the selector picks from it; null: no selector. The name is the spec's (decision 0415). */
  openAircraft: ContextSource | null;
}

/** A list the module's context is opened from: the entity and its key, the list's `module/route` and title. */
export interface ContextSource {
  entity: string;
  key: string;
  route: string;
  title: string;
}

/** POST registration: the fields a prospective customer fills in (registration entity). */
export type RegistrationForm = Record<
  keyof Pick<
    RegistrationRow,
    'company' | 'compaddr1' | 'compaddr2' | 'compaddr3' | 'compphone' | 'compfax' | 'contact_name' | 'contact_number' | 'compemail' | 'username'
  >,
  string
>;
