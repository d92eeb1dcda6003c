-- Fleet maintenance status: one row per aircraft, built on the due list (due_item) and the
-- utilisation view, so it shows exactly what the due list shows. An aircraft is GROUNDED when it
-- is AOG, has an overdue item (including an expired MEL deferral or an expired mandatory
-- document); RESTRICTED when it flies with deferred or open defects.
--
-- Its rows are stored (metadata `stored`, decisions 0200 and 0210) and computed again per
-- aircraft, so each figure is read for one aircraft (lateral subqueries on its own rows) rather
-- than for the whole fleet. The next due item is the aircraft's first in the fleet due list's
-- order (forecast date, then the item's key). The average cycles a day is held inside its column
-- whatever the utilisation view computes (issue 33: no stored value makes a read fail).
select a.aircraft_id, a.compcode, a.aircraft_id as aircraft, a.registration, a.aircraft_type, a.status, a.home_base,
       a.total_fh, a.total_fc, a.totals_as_of,
       round(u.fh_day)::bigint as avg_fh_day, (case when abs(u.fc_day) < 9999.99 then round(u.fc_day, 2) else sign(u.fc_day) * 9999.99 end)::numeric(6,2) as avg_fc_day, u.last_flight_date,
       g.items_overdue::bigint as items_overdue, g.items_due_soon::bigint as items_due_soon,
       g.items_in_tolerance::bigint as items_in_tolerance,
       g.items_no_record::bigint as items_no_record,
       g.next_due_date, left(g.next_due_item, 200)::varchar(200) as next_due_item,
       o.n::bigint as open_defects, g.deferred_defects::bigint as deferred_defects,
       g.expired_deferrals::bigint as expired_deferrals,
       x.docs_expired::bigint as docs_expired, x.docs_expiring::bigint as docs_expiring,
       w.open_work_orders::bigint as open_work_orders,
       case when a.status = 'AOG' or g.items_overdue > 0 or g.expired_deferrals > 0 or x.docs_expired > 0 then 'GROUNDED'
            when g.deferred_defects > 0 or o.n > 0 then 'RESTRICTED'
            else 'SERVICEABLE' end as airworthiness
  from aircraft a
  left join aircraft_utilisation u on u.aircraft_id = a.aircraft_id
  -- aggregates without GROUP BY: one row per aircraft, zeros (and no next due) when it has nothing
  cross join lateral (
    select count(*) filter (where d.due_status = 'OVERDUE' and d.item_kind not in ('DEFECT', 'DOCUMENT')) as items_overdue,
           count(*) filter (where d.due_status = 'DUE_SOON' and d.item_kind not in ('DEFECT', 'DOCUMENT')) as items_due_soon,
           count(*) filter (where d.due_status = 'TOLERANCE') as items_in_tolerance,
           count(*) filter (where d.due_status = 'NO_RECORD') as items_no_record,
           count(*) filter (where d.item_kind = 'DEFECT') as deferred_defects,
           count(*) filter (where d.item_kind = 'DEFECT' and d.due_status = 'OVERDUE') as expired_deferrals,
           min(d.forecast_date) filter (where d.item_kind in ('INSPECTION', 'COMPONENT', 'LLP', 'AD')) as next_due_date,
           (array_agg(d.item_code || ' ' || d.description order by d.forecast_date, d.due_key)
              filter (where d.forecast_date is not null and d.item_kind in ('INSPECTION', 'COMPONENT', 'LLP', 'AD')))[1] as next_due_item
      from due_item d
     where d.aircraft = a.aircraft_id
  ) g
  cross join lateral (
    select count(*) filter (where s.doc_status = 'EXPIRED' and s.mandatory) as docs_expired,
           count(*) filter (where s.doc_status = 'EXPIRING') as docs_expiring
      from document_status s
     where s.aircraft = a.aircraft_id
  ) x
  cross join lateral (
    select count(*) as n from defect f where f.aircraft = a.aircraft_id and f.defect_status = 'OPEN'
  ) o
  cross join lateral (
    select count(*) as open_work_orders
      from work_order w
     where w.aircraft = a.aircraft_id
       and w.wo_status in ('DRAFT', 'RELEASED', 'INPROGRESS')
  ) w
