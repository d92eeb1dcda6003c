-- Fleet maintenance status: one row per aircraft, built on the due list (due_item) and the
-- utilisation view, so it shows exactly what the due list shows. An aircraft is GROUNDED when it
-- is AOG, has an overdue item (including an expired MEL deferral or an expired mandatory
-- document); RESTRICTED when it flies with deferred or open defects.
with agg as (
  select d.aircraft,
         count(*) filter (where d.due_status = 'OVERDUE' and d.item_kind not in ('DEFECT', 'DOCUMENT')) as items_overdue,
         count(*) filter (where d.due_status = 'DUE_SOON' and d.item_kind not in ('DEFECT', 'DOCUMENT')) as items_due_soon,
         count(*) filter (where d.due_status = 'TOLERANCE') as items_in_tolerance,
         count(*) filter (where d.due_status = 'NO_RECORD') as items_no_record,
         count(*) filter (where d.item_kind = 'DEFECT') as deferred_defects,
         count(*) filter (where d.item_kind = 'DEFECT' and d.due_status = 'OVERDUE') as expired_deferrals,
         min(d.forecast_date) filter (where d.item_kind in ('INSPECTION', 'COMPONENT', 'LLP', 'AD')) as next_due_date,
         (array_agg(d.item_code || ' ' || d.description order by d.forecast_date) filter (where d.forecast_date is not null and d.item_kind in ('INSPECTION', 'COMPONENT', 'LLP', 'AD')))[1] as next_due_item
    from due_item d
   group by d.aircraft
),
docs as (
  select s.aircraft,
         count(*) filter (where s.doc_status = 'EXPIRED' and s.mandatory) as docs_expired,
         count(*) filter (where s.doc_status = 'EXPIRING') as docs_expiring
    from document_status s
   group by s.aircraft
),
open_defects as (
  select f.aircraft, count(*) as n from defect f where f.defect_status = 'OPEN' group by f.aircraft
),
wos as (
  select w.aircraft, count(*) as open_work_orders
    from work_order w
   where w.wo_status in ('DRAFT', 'RELEASED', 'INPROGRESS')
   group by w.aircraft
)
select a.aircraft_id, a.compcode, a.registration, a.aircraft_type, a.status, a.home_base,
       a.total_fh, a.total_fc, a.totals_as_of,
       round(u.fh_day)::bigint as avg_fh_day, round(u.fc_day, 2)::numeric(6,2) as avg_fc_day, u.last_flight_date,
       coalesce(g.items_overdue, 0)::bigint as items_overdue, coalesce(g.items_due_soon, 0)::bigint as items_due_soon,
       coalesce(g.items_in_tolerance, 0)::bigint as items_in_tolerance,
       coalesce(g.items_no_record, 0)::bigint as items_no_record,
       g.next_due_date, left(g.next_due_item, 200)::varchar(200) as next_due_item,
       coalesce(o.n, 0)::bigint as open_defects, coalesce(g.deferred_defects, 0)::bigint as deferred_defects,
       coalesce(g.expired_deferrals, 0)::bigint as expired_deferrals,
       coalesce(x.docs_expired, 0)::bigint as docs_expired, coalesce(x.docs_expiring, 0)::bigint as docs_expiring,
       coalesce(w.open_work_orders, 0)::bigint as open_work_orders,
       case when a.status = 'AOG' or coalesce(g.items_overdue, 0) > 0 or coalesce(g.expired_deferrals, 0) > 0 or coalesce(x.docs_expired, 0) > 0 then 'GROUNDED'
            when coalesce(g.deferred_defects, 0) > 0 or coalesce(o.n, 0) > 0 then 'RESTRICTED'
            else 'SERVICEABLE' end as airworthiness
  from aircraft a
  left join aircraft_utilisation u on u.aircraft_id = a.aircraft_id
  left join agg g on g.aircraft = a.aircraft_id
  left join docs x on x.aircraft = a.aircraft_id
  left join open_defects o on o.aircraft = a.aircraft_id
  left join wos w on w.aircraft = a.aircraft_id
