-- Every active AD of each aircraft's type: the status recorded for the aircraft (or its part), else
-- OPEN / NA from the latest engineering review; for open and repetitive ADs the next due,
-- remaining, forecast and status of the due list (thresholds after the effective date, "not later
-- than" dates and repeats are computed by the airworthiness plugin), CLOSED for the others.
with x as (
  select coalesce('S' || s.ad_status_id::text, 'T' || a.aircraft_id::text || '-' || d.type_ad_id::text) as status_key,
         a.compcode, a.aircraft_id as aircraft, d.type_ad_id as type_ad, d.authority, d.ad_number, d.title,
         d.ad_subject, d.effective_date, d.is_recurring, d.compliance_date, s.component, s.ad_status_id,
         rv.applicability as review_result, rv.review_date,
         coalesce(s.ad_status, case when rv.applicability = 'NOT_APPLICABLE' then 'NA' else 'OPEN' end) as ad_status,
         s.last_done_date, s.last_done_fh, s.last_done_fc, s.work_order
    from aircraft a
    join aircraft_type_ad d on d.aircraft_type = a.aircraft_type and d.compcode = a.compcode and d.active
    left join aircraft_ad_status s on s.aircraft = a.aircraft_id and s.type_ad = d.type_ad_id
    left join lateral (
      select r.applicability, r.review_date from ad_review r
       where r.type_ad = d.type_ad_id and r.statuswf <> '110'
       order by r.review_date desc, r.id desc limit 1) rv on true
)
select x.status_key, x.compcode, x.aircraft, x.type_ad, x.authority, x.ad_number, x.title, x.ad_subject, x.effective_date,
       x.is_recurring, x.component, x.review_result, x.review_date, x.ad_status, x.last_done_date,
       x.last_done_fh, x.last_done_fc, x.work_order,
       case when x.ad_status_id is null and x.ad_status = 'OPEN' then x.compliance_date else i.next_due_date end as next_due_date,
       i.next_due_fh, i.next_due_fc, i.remaining_fh, i.remaining_fc,
       coalesce(i.remaining_days, case when x.ad_status_id is null and x.ad_status = 'OPEN' then (x.compliance_date - t.today)::bigint end) as remaining_days,
       i.forecast_date,
       case when x.ad_status not in ('OPEN', 'RECURRING') then 'CLOSED'
            when i.due_key is null then 'NODATE'
            when i.due_status = 'NO_RECORD' then 'NODATE'
            else i.due_status end as due_status
  from x
  join company_today t on t.compcode = x.compcode
  left join due_item i on i.due_key = 'A' || x.ad_status_id::text
