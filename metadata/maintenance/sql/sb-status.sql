-- Every active SB of each aircraft's type: the status recorded for the aircraft (or its part), else
-- OPEN / NA from the latest engineering review; for planned and repetitive SBs the next due,
-- remaining, forecast and status of the due list, CLOSED for the others.
with x as (
  select coalesce('S' || s.sb_status_id::text, 'T' || a.aircraft_id::text || '-' || d.type_sb_id::text) as status_key,
         a.compcode, a.aircraft_id as aircraft, d.type_sb_id as type_sb, d.sb_number, d.revision, d.title, d.category,
         d.issue_date, d.is_recurring, s.component, s.sb_status_id,
         rv.applicability as review_result, rv.decision as review_decision, rv.review_date, rv.target_date,
         coalesce(s.sb_status, case when rv.applicability = 'NOT_APPLICABLE' or rv.decision = 'NOT_INCORPORATE' then 'NA' else 'OPEN' end) as sb_status,
         s.last_done_date, s.last_done_fh, s.last_done_fc, s.work_order, s.planned_date
    from aircraft a
    join aircraft_type_sb d on d.aircraft_type = a.aircraft_type and d.compcode = a.compcode and d.active
    left join aircraft_sb_status s on s.aircraft = a.aircraft_id and s.type_sb = d.type_sb_id
    left join lateral (
      select r.applicability, r.decision, r.review_date, r.target_date from sb_review r
       where r.type_sb = d.type_sb_id and r.statuswf <> '110'
       order by r.review_date desc, r.id desc limit 1) rv on true
)
select x.status_key, x.compcode, x.aircraft, x.type_sb, x.sb_number, x.revision, x.title, x.category, x.issue_date,
       x.is_recurring, x.component, x.review_result, x.review_decision, x.review_date, x.sb_status, x.last_done_date,
       x.last_done_fh, x.last_done_fc, x.work_order,
       coalesce(i.next_due_date, case when x.sb_status = 'OPEN' then coalesce(x.planned_date, x.target_date) end) as next_due_date,
       i.next_due_fh, i.next_due_fc, i.remaining_fh, i.remaining_fc,
       coalesce(i.remaining_days, case when x.sb_status = 'OPEN' then (coalesce(x.planned_date, x.target_date) - t.today)::bigint end) as remaining_days,
       i.forecast_date,
       case when x.sb_status not in ('OPEN', 'RECURRING') then 'CLOSED'
            when i.due_key is null or i.due_status = 'NO_RECORD' then 'NODATE'
            else i.due_status end as due_status
  from x
  join company_today t on t.compcode = x.compcode
  left join due_item i on i.due_key = 'S' || x.sb_status_id::text
