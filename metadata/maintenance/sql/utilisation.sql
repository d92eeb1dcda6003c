-- Average daily utilisation of each aircraft, computed once for every due screen (due list,
-- fleet status, component and LLP status). The posted usage of the last 30 days (usage ledger,
-- aircraft rows: flight logs posted and amended, with the APU estimates the factor table made),
-- over the days since the first flight in that window (today included: the company's business date, company_today). Planned values on
-- the aircraft (avg_daily_fh / avg_daily_fc) override hours and cycles; landings, the extra
-- counter and the APU then follow in the proportion the logs show (landings: one per planned cycle
-- while there is no posted flight in the window). Every rate is held inside its
-- column (numeric(10,N): within ±10^7) whatever the ledger holds, so no stored value can make a
-- due screen's read fail ("numeric field overflow", issue 33); an unknown rate stays null.
with posted as (
  select l.aircraft,
         sum(l.d_h)::numeric as fh, sum(l.d_c)::numeric as fc, sum(l.d_l)::numeric as ldg, sum(l.d_r)::numeric as rin,
         sum(l.d_apuh)::numeric as apuh, sum(l.d_apus)::numeric as apus,
         (min(t.today) - min(l.flight_date) + 1)::numeric as days,
         max(l.flight_date) as last_flight
    from usage_ledger l
    join company_today t on t.compcode = l.compcode
   where l.component is null
     and l.flight_log is not null
     and l.flight_date > t.today - 30
   group by l.aircraft
)
select r.aircraft_id, r.compcode, r.aircraft,
       (case when abs(r.fh_day) < 9999999 then r.fh_day else sign(r.fh_day) * 9999999 end)::numeric(10,2) as fh_day,
       (case when abs(r.fc_day) < 9999999 then r.fc_day else sign(r.fc_day) * 9999999 end)::numeric(10,3) as fc_day,
       (case when abs(r.ldg_day) < 9999999 then r.ldg_day else sign(r.ldg_day) * 9999999 end)::numeric(10,3) as ldg_day,
       (case when abs(r.rin_day) < 9999999 then r.rin_day else sign(r.rin_day) * 9999999 end)::numeric(10,3) as rin_day,
       (case when abs(r.apuh_day) < 9999999 then r.apuh_day else sign(r.apuh_day) * 9999999 end)::numeric(10,2) as apuh_day,
       (case when abs(r.apus_day) < 9999999 then r.apus_day else sign(r.apus_day) * 9999999 end)::numeric(10,3) as apus_day,
       r.last_flight_date, r.planned
  from (
  select a.aircraft_id, a.compcode, a.aircraft_id as aircraft,
         coalesce(nullif(a.avg_daily_fh, 0)::numeric, p.fh / nullif(p.days, 0)) as fh_day,
         coalesce(nullif(a.avg_daily_fc, 0)::numeric, p.fc / nullif(p.days, 0)) as fc_day,
         -- planned cycles and no posted flight in the window (an aircraft just entered or taken over with
         -- its records, decision 0361): one landing per planned cycle until its own logs show the proportion
         (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.ldg / p.fc
               when coalesce(a.avg_daily_fc, 0) > 0 and p.aircraft is null then a.avg_daily_fc
               else p.ldg / nullif(p.days, 0) end) as ldg_day,
         (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.rin / p.fc else p.rin / nullif(p.days, 0) end) as rin_day,
         (case when coalesce(a.avg_daily_fh, 0) > 0 and p.fh > 0 then a.avg_daily_fh * p.apuh / p.fh else p.apuh / nullif(p.days, 0) end) as apuh_day,
         (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.apus / p.fc else p.apus / nullif(p.days, 0) end) as apus_day,
         p.last_flight as last_flight_date,
         (coalesce(a.avg_daily_fh, 0) > 0 or coalesce(a.avg_daily_fc, 0) > 0) as planned
    from aircraft a
    left join posted p on p.aircraft = a.aircraft_id
       ) r
