-- Reverse traceability of tools (decision 0396): every task card signed as performed with a tool,
-- on the operator's work orders and the MRO's customer work orders, with the tool's last good
-- calibration. since_calibration: the card was signed on or after that calibration (the day of
-- the calibration included, not knowing the hour), the cards to review when the tool is found
-- out of tolerance.
select 'WO-' || l.wo_tool_id::text as usage_key, l.compcode, l.tool, t.tool_catalog, t.serial_number,
       'OPERATOR'::varchar as source,
       w.wo_no as work_order_no, c.seq as card_seq, c.task_code as card, c.description,
       a.registration as aircraft,
       c.done_date as signed_on, c.performed_at as signed_at, c.done_by as signed_by,
       t.last_calibration,
       (t.last_calibration is null or c.done_date >= t.last_calibration) as since_calibration
  from work_order_tool l
  join work_order_task c on c.wo_task_id = l.task
  join work_order w on w.wo_id = l.work_order
  join tool t on t.tool_id = l.tool
  left join aircraft a on a.aircraft_id = w.aircraft
 where l.signed
union all
select 'AWO-' || l.amo_tool_id::text, l.compcode, l.tool, t.tool_catalog, t.serial_number,
       'MRO'::varchar,
       w.wo_no, c.seq, c.task_card_no, c.description,
       ca.registration,
       c.completed_date, c.performed_at, c.performed_by,
       t.last_calibration,
       (t.last_calibration is null or c.completed_date >= t.last_calibration)
  from amo_work_order_tool l
  join amo_work_order_task c on c.amo_task_id = l.task
  join amo_work_order w on w.amo_wo_id = l.amo_work_order
  join tool t on t.tool_id = l.tool
  left join customer_aircraft ca on ca.customer_aircraft_id = w.customer_aircraft
 where l.signed
