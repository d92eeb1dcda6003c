-- Average daily utilisation of each aircraft, computed once for every due screen (due list,
-- fleet status, component and LLP status). The posted usage of the last 30 days (usage ledger,
-- aircraft rows: flight logs posted and amended, with the APU estimates the factor table made),
-- over the days since the first flight in that window (today included: the company's business date, company_today). Planned values on
-- the aircraft (avg_daily_fh / avg_daily_fc) override hours and cycles; landings, the extra
-- counter and the APU then follow in the proportion the logs show.
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
select a.aircraft_id, a.compcode, a.aircraft_id as aircraft,
       coalesce(nullif(a.avg_daily_fh, 0)::numeric, p.fh / nullif(p.days, 0))::numeric(10,2) as fh_day,
       coalesce(nullif(a.avg_daily_fc, 0)::numeric, p.fc / nullif(p.days, 0))::numeric(10,3) as fc_day,
       (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.ldg / p.fc else p.ldg / nullif(p.days, 0) end)::numeric(10,3) as ldg_day,
       (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.rin / p.fc else p.rin / nullif(p.days, 0) end)::numeric(10,3) as rin_day,
       (case when coalesce(a.avg_daily_fh, 0) > 0 and p.fh > 0 then a.avg_daily_fh * p.apuh / p.fh else p.apuh / nullif(p.days, 0) end)::numeric(10,2) as apuh_day,
       (case when coalesce(a.avg_daily_fc, 0) > 0 and p.fc > 0 then a.avg_daily_fc * p.apus / p.fc else p.apus / nullif(p.days, 0) end)::numeric(10,3) as apus_day,
       p.last_flight as last_flight_date,
       (coalesce(a.avg_daily_fh, 0) > 0 or coalesce(a.avg_daily_fc, 0) > 0) as planned
  from aircraft a
  left join posted p on p.aircraft = a.aircraft_id
