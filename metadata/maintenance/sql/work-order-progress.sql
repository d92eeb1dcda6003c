-- Progress of each work order (decision 0165): its cards by state, planned man-hours against the
-- hours booked on its cards, the parts requested for it (material requests referencing it),
-- still reserved for it (open posted reservations under its number) and issued to it (the
-- ledger rows of posted issues referencing it, reversals included), and its cost so far: booked
-- hours at the company's labour rate for the card's skill in force on the day (MRO Pricing), plus
-- the issued parts at the value they left stores with.
select w.wo_id, w.compcode, w.wo_no, w.wo_date, w.aircraft, w.wo_type, w.title, w.inspection_group,
       w.planned_start, w.planned_end, w.wo_status, w.statuswf,
       k.tasks_total, k.tasks_done, k.tasks_open, k.tasks_deferred, k.tasks_performed,
       case when k.tasks_counted = 0 then 0 else round(100.0 * k.tasks_done / k.tasks_counted, 1) end::numeric(5,1) as pc_complete,
       k.est_manhours, k.actual_manhours,
       lb.booked_manhours,
       coalesce(mr.qty, 0)::numeric(18,2) as parts_requested,
       coalesce(rs.qty, 0)::numeric(18,2) as parts_reserved,
       coalesce(iss.qty, 0)::numeric(18,2) as parts_issued,
       lb.labour_cost,
       coalesce(iss.cost, 0)::numeric(18,2) as parts_cost,
       (lb.labour_cost + coalesce(iss.cost, 0))::numeric(18,2) as total_cost,
       (select count(*) from defect d where d.work_order = w.wo_id)::bigint as defects_raised,
       case when w.planned_end < ct.today and w.wo_status in ('DRAFT', 'RELEASED', 'INPROGRESS') then true else false end as is_late
  from work_order w
  join company_today ct on ct.compcode = w.compcode
  cross join lateral (
    select count(t.wo_task_id)::bigint as tasks_total,
           count(t.wo_task_id) filter (where t.task_status = 'DONE')::bigint as tasks_done,
           count(t.wo_task_id) filter (where t.task_status in ('OPEN', 'INPROGRESS'))::bigint as tasks_open,
           count(t.wo_task_id) filter (where t.task_status = 'PERFORMED')::bigint as tasks_performed,
           count(t.wo_task_id) filter (where t.task_status in ('DEFERRED', 'CARRIED') or t.deferral_defect is not null or t.carried_to is not null)::bigint as tasks_deferred,
           count(t.wo_task_id) filter (where t.task_status <> 'NOTDONE') as tasks_counted,
           coalesce(sum(t.est_manhours), 0)::numeric(10,2) as est_manhours,
           coalesce(sum(t.actual_manhours), 0)::numeric(10,2) as actual_manhours
      from work_order_task t
     where t.work_order = w.wo_id) k
  cross join lateral (
    select coalesce(sum(b.hours), 0)::numeric(10,2) as booked_manhours,
           coalesce(sum(b.hours * coalesce((
             select r.rate
               from mro_labour_rate r
               join mro_pricing p on p.mro_pricing_id = r.mro_pricing
              where p.compcode = w.compcode and p.valid_from <= b.work_date and r.skill = t.skill
              order by p.valid_from desc limit 1), 0)), 0)::numeric(18,2) as labour_cost
      from work_order_labour b
      left join work_order_task t on t.wo_task_id = b.task
     where b.work_order = w.wo_id) lb
  left join lateral (
    select sum(l.quantity) as qty
      from material_request m
      join material_request_line l on l.request = m.requestkey
     where m.work_order = w.wo_id and m.statuswf <> '110') mr on true
  left join lateral (
    select sum(greatest(rl.quantity - coalesce(rl.qty_issued, 0), 0)) as qty
      from stock_reservation r
      join stock_reservation_line rl on rl.reservation = r.reservekey
     where r.compcode = w.compcode and r.workorder_no = w.wo_no and r.posted = 1 and r.status = 1
       and (r.valid_until is null or r.valid_until >= ct.today)) rs on true
  left join lateral (
    select -sum(g.quantity) as qty, -sum(g.amount) as cost
      from inventory_issue i
      join stock_ledger g on g.compcode = i.compcode and g.source = 'inventory_issue' and g.source_key = i.issuekey
     where i.work_order = w.wo_id and i.posted = 1) iss on true
