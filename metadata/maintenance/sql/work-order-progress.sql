-- Progress of each work order from its task lines.
select w.wo_id, w.compcode, w.wo_no, w.wo_date, w.aircraft, w.wo_type, w.title, w.inspection_group,
       w.planned_start, w.planned_end, w.wo_status, w.statuswf,
       count(t.wo_task_id)::bigint as tasks_total,
       count(t.wo_task_id) filter (where t.task_status = 'DONE')::bigint as tasks_done,
       count(t.wo_task_id) filter (where t.task_status in ('OPEN', 'INPROGRESS'))::bigint as tasks_open,
       count(t.wo_task_id) filter (where t.task_status = 'DEFERRED')::bigint as tasks_deferred,
       case when count(t.wo_task_id) filter (where t.task_status <> 'NOTDONE') = 0 then 0
            else round(100.0 * count(t.wo_task_id) filter (where t.task_status = 'DONE')
                       / count(t.wo_task_id) filter (where t.task_status <> 'NOTDONE'), 1) end::numeric(5,1) as pc_complete,
       coalesce(sum(t.est_manhours), 0)::numeric(10,2) as est_manhours,
       coalesce(sum(t.actual_manhours), 0)::numeric(10,2) as actual_manhours,
       (select count(*) from defect d where d.work_order = w.wo_id)::bigint as defects_raised,
       case when w.planned_end < ct.today and w.wo_status in ('DRAFT', 'RELEASED', 'INPROGRESS') then true else false end as is_late
  from work_order w
  join company_today ct on ct.compcode = w.compcode
  left join work_order_task t on t.work_order = w.wo_id
 group by w.wo_id, ct.today
