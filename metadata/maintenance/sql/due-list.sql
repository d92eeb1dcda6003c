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
-- Dates are UTC; a due date is due until the end of that day (docs/decisions/0112, 0113).
with today as (
  select (now() at time zone 'UTC')::date as d
),
items as (
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
         case s.measure when 'APU' then u.apuh_day else u.fh_day end as rate_h,
         case s.measure when 'APU' then u.apus_day else u.fc_day end as rate_c,
         u.ldg_day as rate_l, u.rin_day as rate_r
    from due_schedule s
    join aircraft a on a.aircraft_id = s.aircraft
    left join aircraft_utilisation u on u.aircraft_id = s.aircraft
   where a.status <> 'PHASEOUT'
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
         a.total_fh, a.total_fc::numeric, null::bigint, null::bigint, u.fh_day, u.fc_day, null::numeric, null::numeric
    from defect f
    join aircraft a on a.aircraft_id = f.aircraft
    left join mel_category m on m.id = f.mel_category
    left join aircraft_utilisation u on u.aircraft_id = f.aircraft
   where f.defect_status = 'DEFERRED'
  union all
  -- aircraft documents with an expiry date
  select 'O' || d.aircraft_document_id::text, d.compcode, d.aircraft, 'DOCUMENT', d.document_no, (t.name || ' expiry')::varchar,
         null::bigint, null::bigint, null::bigint, null::bigint, 'FIRST', 'AIRCRAFT',
         null::bigint, null::bigint, nullif(coalesce(t.validity_months, 0) * 30, 0)::bigint,
         d.issue_date, null::bigint, null::bigint,
         null::bigint, null::numeric, null::bigint, null::bigint, d.expiry_date, null::date,
         null::bigint, null::bigint, null::bigint, false,
         null::bigint, null::numeric, null::bigint, null::bigint, null::numeric, null::numeric, null::numeric, null::numeric
    from aircraft_document d
    join document_type t on t.id = d.document_type
   where d.is_current and d.expiry_date is not null
),
calc as (
  select it.*,
         it.due_h - it.cur_h as rem_h,
         it.due_c - it.cur_c as rem_c,
         it.due_l - it.cur_l as rem_l,
         it.due_r - it.cur_r as rem_r,
         it.due_date - t.d as rem_days,
         it.hard_date - t.d as rem_hard
    from items it
   cross join today t
),
days as (
  -- days until each counter falls due at the current utilisation (-1: already past, not flying)
  select c.*,
         case when c.rem_h is null then null when c.rate_h > 0 then floor(c.rem_h / c.rate_h) when c.rem_h < 0 then -1 end as d_h,
         case when c.rem_c is null then null when c.rate_c > 0 then floor(c.rem_c / c.rate_c) when c.rem_c < 0 then -1 end as d_c,
         case when c.rem_l is null then null when c.rate_l > 0 then floor(c.rem_l / c.rate_l) when c.rem_l < 0 then -1 end as d_l,
         case when c.rem_r is null then null when c.rate_r > 0 then floor(c.rem_r / c.rate_r) when c.rem_r < 0 then -1 end as d_r,
         -- past the due beyond its tolerance (null: no limit in that counter)
         case when c.rem_h is null then null else c.rem_h + coalesce(c.tol_h, 0) < 0 end as o_h,
         case when c.rem_c is null then null else c.rem_c + coalesce(c.tol_c, 0) < 0 end as o_c,
         case when c.rem_l is null then null else c.rem_l < 0 end as o_l,
         case when c.rem_r is null then null else c.rem_r < 0 end as o_r,
         case when c.rem_days is null then null else c.rem_days + coalesce(c.tol_days, 0) < 0 end as o_d,
         -- past the due itself
         (c.rem_h < 0 or c.rem_c < 0 or c.rem_l < 0 or c.rem_r < 0 or c.rem_days < 0) as past_any,
         (coalesce(c.rem_h < 0, true) and coalesce(c.rem_c < 0, true) and coalesce(c.rem_l < 0, true) and coalesce(c.rem_r < 0, true) and coalesce(c.rem_days < 0, true)) as past_all,
         case when c.whichever = 'LATER'
              then greatest(c.rem_h * 100.0 / nullif(c.interval_h, 0), c.rem_c * 100.0 / nullif(c.interval_c, 0), c.rem_days * 100.0 / nullif(c.interval_days, 0))
              else least(c.rem_h * 100.0 / nullif(c.interval_h, 0), c.rem_c * 100.0 / nullif(c.interval_c, 0), c.rem_days * 100.0 / nullif(c.interval_days, 0)) end as pc_remaining
    from calc c
),
due as (
  select d.*,
         least(case when d.whichever = 'LATER' then greatest(d.d_h, d.d_c, d.d_l, d.d_r, d.rem_days)
                    else least(d.d_h, d.d_c, d.d_l, d.d_r, d.rem_days) end, d.rem_hard) as d_due,
         (d.rem_hard < 0
          or case when d.whichever = 'LATER'
                  then (d.o_h is not false and d.o_c is not false and d.o_l is not false and d.o_r is not false and d.o_d is not false)
                       and coalesce(d.o_h, d.o_c, d.o_l, d.o_r, d.o_d) is not null
                  else coalesce(d.o_h, false) or coalesce(d.o_c, false) or coalesce(d.o_l, false) or coalesce(d.o_r, false) or coalesce(d.o_d, false) end) as overdue,
         case when d.whichever = 'LATER' then d.past_all and (d.rem_h is not null or d.rem_c is not null or d.rem_l is not null or d.rem_r is not null or d.rem_days is not null)
              else coalesce(d.past_any, false) end as past
    from days d
),
classified as (
  select d.*,
         case when d.d_due is null then null
              when d.d_due = d.rem_days or d.d_due = d.rem_hard then 'DAYS'
              when d.d_due = d.d_h then 'FH' when d.d_due = d.d_c then 'FC' when d.d_due = d.d_l then 'LDG' else 'RIN' end as driver,
         case when d.no_record then 'NO_RECORD'
              when d.overdue then 'OVERDUE'
              when d.past then 'TOLERANCE'
              when d.pc_remaining <= coalesce(co.remain_pc_due, 10) then 'DUE_SOON'
              -- the days threshold applies to items whose interval is longer than it (not to daily or weekly checks)
              when d.d_due <= coalesce(co.remain_day_due, 30)
               and coalesce(d.interval_days, d.interval_h / nullif(d.rate_h, 0), d.interval_c / nullif(d.rate_c, 0), 99999) > coalesce(co.remain_day_due, 30) then 'DUE_SOON'
              else 'OK' end as due_status
    from due d
    join company co on co.compcode = d.compcode
)
select c.due_key, c.compcode, c.aircraft, c.item_kind, c.item_code, c.description, c.inspection_group, c.ata,
       c.component, c.component_limit, c.measure, c.whichever,
       c.interval_h::bigint as interval_fh, c.interval_c::bigint as interval_fc, c.interval_days::bigint as interval_days,
       c.last_done_date, c.last_done_h::bigint as last_done_fh, c.last_done_c::bigint as last_done_fc,
       c.due_h::bigint as next_due_fh, c.due_c::bigint as next_due_fc, c.due_date as next_due_date, c.hard_date,
       c.rem_h::bigint as remaining_fh, floor(c.rem_c)::bigint as remaining_fc, c.rem_l::bigint as remaining_ldg, c.rem_r::bigint as remaining_rin,
       c.rem_days::bigint as remaining_days,
       round(c.pc_remaining, 1)::numeric(7,1) as pc_remaining,
       case when c.d_due is not null then (select d from today) + c.d_due::int end as forecast_date,
       c.driver, c.due_status
  from classified c
