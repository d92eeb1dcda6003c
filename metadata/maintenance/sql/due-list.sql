-- The due list: every open item of every aircraft with what remains per counter, the forecast
-- date, the driving counter and the status. Read by every due screen (due-list, fleet-due-list,
-- due-forecast, mtc-status) and, through it, by the fleet, component, LLP, AD and SB status views.
--
-- The next due per counter is not computed here: the airworthiness plugin computes it (whichever
-- first / later, tolerance, thresholds, AD effective dates, part factors and LLP proration;
-- plugins/airworthiness/schedule.ts) whenever something changes it and stores it in due_schedule,
-- in the aircraft's counters (its APU's for items counted in APU usage). This view only subtracts
-- the aircraft's counters today, forecasts with the utilisation and classifies:
--   OVERDUE    past the due beyond its tolerance: whichever first, on any counter; whichever
--              later, on every counter it has; or past its "not later than" date
--   TOLERANCE  past the due but within the programme's tolerance
--   DUE_SOON   % remaining of the interval <= company remain_pc_due (default 10), or forecast
--              within remain_day_due days (default 30) for items whose interval is longer than that
--   NO_RECORD  never done and no threshold, or the part's times are unknown
-- An item under an approved one-time variation carries it (variation) and the programme's due
-- before it (programme_due_*); its due is the extended one, with no tolerance on top (0164).
-- Today is the company's business date (company_today, its time zone); a due date is due until the end of that day (docs/decisions/0112, 0113).
with items as (
  select s.due_key, s.compcode, s.aircraft, s.item_kind, s.item_code, s.description, s.inspection_group, s.ata,
         s.component, s.component_limit, s.whichever, s.measure,
         s.interval_h, s.interval_c, s.interval_days,
         s.last_done_date, s.last_done_h, s.last_done_c,
         s.due_h, s.due_c::numeric as due_c, s.due_l, s.due_r, s.due_date, s.hard_date,
         s.tol_h, s.tol_c, s.tol_days, s.no_record,
         case s.measure when 'APU' then a.apu_hours else a.total_fh end as cur_h,
         case s.measure when 'APU' then a.apu_starts else a.total_fc end::numeric as cur_c,
         a.total_landings as cur_l,
         a.total_rin as cur_r,
         -- floating point for the forecast arithmetic (numeric division on every row is slow)
         (case s.measure when 'APU' then u.apuh_day else u.fh_day end)::float8 as rate_h,
         (case s.measure when 'APU' then u.apus_day else u.fc_day end)::float8 as rate_c,
         u.ldg_day::float8 as rate_l, u.rin_day::float8 as rate_r,
         s.variation, s.prog_due_h, s.prog_due_c::numeric as prog_due_c, s.prog_due_date,
         -- the programme revision that wrote the inspection's interval (decision 0380)
         s.prog_revision
    from due_schedule s
    join aircraft a on a.aircraft_id = s.aircraft
    left join aircraft_utilisation u on u.aircraft_id = s.aircraft
   where a.status not in ('PHASEOUT', 'RETIRED', 'TRANSFERRED')
  union all
  -- deferred defects (MEL / ADD): the due date the deferral (or its one extension) set, or the
  -- aircraft hours / cycles of a category A item
  select 'D' || f.defect_id::text, f.compcode, f.aircraft, 'DEFECT', f.defect_no,
         left(coalesce(m.category || ' ' || coalesce(f.mel_item, '') || ': ', '') || f.description, 300),
         null::bigint, f.ata, null::bigint, null::bigint, 'FIRST', 'AIRCRAFT',
         null::bigint, null::bigint, (f.interval_days + case when f.extension_granted then coalesce(f.extension_days, 0) else 0 end)::bigint,
         coalesce(f.deferral_date, f.found_date), null::bigint, null::bigint,
         f.due_fh, f.due_fc::numeric, null::bigint, null::bigint,
         coalesce(case when f.extension_granted then f.extended_due_date end, f.due_date), null::date,
         null::bigint, null::bigint, null::bigint, false,
         a.total_fh, a.total_fc::numeric, null::bigint, null::bigint, u.fh_day::float8, u.fc_day::float8, null::float8, null::float8,
         null::bigint, null::bigint, null::numeric, null::date, null::bigint
    from defect f
    join aircraft a on a.aircraft_id = f.aircraft
    left join mel_category m on m.id = f.mel_category
    left join aircraft_utilisation u on u.aircraft_id = f.aircraft
   where f.defect_status = 'DEFERRED' and a.status not in ('RETIRED', 'TRANSFERRED')
  union all
  -- aircraft documents with an expiry date
  select 'O' || d.aircraft_document_id::text, d.compcode, d.aircraft, 'DOCUMENT', d.document_no, (t.name || ' expiry')::varchar,
         null::bigint, null::bigint, null::bigint, null::bigint, 'FIRST', 'AIRCRAFT',
         null::bigint, null::bigint, nullif(coalesce(t.validity_months, 0) * 30, 0)::bigint,
         d.issue_date, null::bigint, null::bigint,
         null::bigint, null::numeric, null::bigint, null::bigint, d.expiry_date, null::date,
         null::bigint, null::bigint, null::bigint, false,
         null::bigint, null::numeric, null::bigint, null::bigint, null::float8, null::float8, null::float8, null::float8,
         null::bigint, null::bigint, null::numeric, null::date, null::bigint
    from aircraft_document d
    join document_type t on t.id = d.document_type
   where d.is_current and d.expiry_date is not null
     -- an aircraft that left the fleet (decision 0313) has nothing due; its records stay
     and not exists (select 1 from aircraft x where x.aircraft_id = d.aircraft and x.status in ('RETIRED', 'TRANSFERRED'))
)
-- each step below is computed once per row (OFFSET 0 keeps the planner from copying its
-- expressions into every later use); the filters on the item's columns still reach the scans
select it.due_key, it.compcode, it.aircraft, it.item_kind, it.item_code, it.description, it.inspection_group, it.ata,
       it.component, it.component_limit, it.measure, it.whichever,
       it.interval_h::bigint as interval_fh, it.interval_c::bigint as interval_fc, it.interval_days::bigint as interval_days,
       it.last_done_date, it.last_done_h::bigint as last_done_fh, it.last_done_c::bigint as last_done_fc,
       it.due_h::bigint as next_due_fh, it.due_c::bigint as next_due_fc, it.due_date as next_due_date, it.hard_date,
       r.rem_h::bigint as remaining_fh, floor(r.rem_c)::bigint as remaining_fc, r.rem_l::bigint as remaining_ldg, r.rem_r::bigint as remaining_rin,
       r.rem_days::bigint as remaining_days,
       round(d.pc_remaining::numeric, 1)::numeric(7,1) as pc_remaining,
       t.d + e.d_due::int as forecast_date,
       case when e.d_due is null then null
            when e.d_due = r.rem_days or e.d_due = r.rem_hard then 'DAYS'
            when e.d_due = d.d_h then 'FH' when e.d_due = d.d_c then 'FC' when e.d_due = d.d_l then 'LDG' else 'RIN' end as driver,
       case when it.no_record then 'NO_RECORD'
            when e.overdue then 'OVERDUE'
            when e.past then 'TOLERANCE'
            when d.pc_remaining <= coalesce(co.remain_pc_due, 10) then 'DUE_SOON'
            -- the days threshold applies to items whose interval is longer than it (not to daily or weekly checks)
            when e.d_due <= coalesce(co.remain_day_due, 30)
             and coalesce(it.interval_days, it.interval_h / nullif(it.rate_h, 0), it.interval_c / nullif(it.rate_c, 0), 99999) > coalesce(co.remain_day_due, 30) then 'DUE_SOON'
            else 'OK' end as due_status,
       pw.wo_id as planned_wo,
       -- an approved one-time variation: the due above is the extended one (decision 0164)
       it.variation, it.prog_due_h::bigint as programme_due_fh, it.prog_due_c::bigint as programme_due_fc, it.prog_due_date as programme_due_date,
       it.prog_revision
  from items it
  join (select compcode, today as d from company_today) t on t.compcode = it.compcode
  join company co on co.compcode = it.compcode
  -- the open work order whose task card holds the item (plugins/maintenance rules/work-package.ts
  -- holdsItem: the order not released, closed or cancelled; the card not carried away or cancelled)
  left join (
    select k.compcode, k.due_key, min(k.work_order) as wo_id
      from work_order_task k
      join work_order w on w.wo_id = k.work_order
     where k.due_key is not null
       and w.wo_status not in ('CRS', 'CLOSED', 'CANCELLED')
       and k.task_status not in ('CARRIED', 'NOTDONE')
       and k.carried_to is null
     group by k.compcode, k.due_key
  ) pw on pw.compcode = it.compcode and pw.due_key = it.due_key
  -- what remains per counter, and in days
  cross join lateral (
    select it.due_h - it.cur_h as rem_h, it.due_c - it.cur_c as rem_c, it.due_l - it.cur_l as rem_l, it.due_r - it.cur_r as rem_r,
           it.due_date - t.d as rem_days, it.hard_date - t.d as rem_hard
    offset 0) r
  -- days until each counter falls due at the current utilisation (-1: already past, not flying);
  -- past the due beyond its tolerance (o_*, null: no limit in that counter); share of the interval left
  cross join lateral (
    select case when r.rem_h is null then null when it.rate_h > 0 then floor(r.rem_h / it.rate_h) when r.rem_h < 0 then -1 end as d_h,
           case when r.rem_c is null then null when it.rate_c > 0 then floor(r.rem_c::float8 / it.rate_c) when r.rem_c < 0 then -1 end as d_c,
           case when r.rem_l is null then null when it.rate_l > 0 then floor(r.rem_l / it.rate_l) when r.rem_l < 0 then -1 end as d_l,
           case when r.rem_r is null then null when it.rate_r > 0 then floor(r.rem_r / it.rate_r) when r.rem_r < 0 then -1 end as d_r,
           r.rem_h + coalesce(it.tol_h, 0) < 0 as o_h,
           r.rem_c + coalesce(it.tol_c, 0) < 0 as o_c,
           r.rem_l < 0 as o_l,
           r.rem_r < 0 as o_r,
           r.rem_days + coalesce(it.tol_days, 0) < 0 as o_d,
           case when it.whichever = 'LATER'
                then greatest(r.rem_h * 100.0::float8 / nullif(it.interval_h, 0), r.rem_c::float8 * 100.0 / nullif(it.interval_c, 0), r.rem_days * 100.0::float8 / nullif(it.interval_days, 0))
                else least(r.rem_h * 100.0::float8 / nullif(it.interval_h, 0), r.rem_c::float8 * 100.0 / nullif(it.interval_c, 0), r.rem_days * 100.0::float8 / nullif(it.interval_days, 0)) end as pc_remaining
    offset 0) d
  -- whichever first: the earliest counter; whichever later: the latest; the hard date caps both
  cross join lateral (
    select least(case when it.whichever = 'LATER' then greatest(d.d_h, d.d_c, d.d_l, d.d_r, r.rem_days)
                      else least(d.d_h, d.d_c, d.d_l, d.d_r, r.rem_days) end, r.rem_hard) as d_due,
           (coalesce(r.rem_hard < 0, false)
            or case when it.whichever = 'LATER'
                    then (d.o_h is not false and d.o_c is not false and d.o_l is not false and d.o_r is not false and d.o_d is not false)
                         and coalesce(d.o_h, d.o_c, d.o_l, d.o_r, d.o_d) is not null
                    else coalesce(d.o_h, false) or coalesce(d.o_c, false) or coalesce(d.o_l, false) or coalesce(d.o_r, false) or coalesce(d.o_d, false) end) as overdue,
           case when it.whichever = 'LATER'
                then coalesce(r.rem_h < 0, true) and coalesce(r.rem_c < 0, true) and coalesce(r.rem_l < 0, true) and coalesce(r.rem_r < 0, true) and coalesce(r.rem_days < 0, true)
                     and (r.rem_h is not null or r.rem_c is not null or r.rem_l is not null or r.rem_r is not null or r.rem_days is not null)
                else coalesce(r.rem_h < 0 or r.rem_c < 0 or r.rem_l < 0 or r.rem_r < 0 or r.rem_days < 0, false) end as past
    offset 0) e
