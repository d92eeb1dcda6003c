-- Material requested from stores for a work order: the request lines whose request names the
-- work order number (material_request.workorder_no = work_order.wo_no).
select l.reqdtlkey, l.compcode, w.wo_id as work_order, w.aircraft, m.requestkey as material_request,
       m.requestno, m.requestdate, m.priority, m.statuswf, m.progress, l.item, l.partnumber, l.itemname,
       l.quantity, l.invunitom, l.outstand
  from material_request_line l
  join material_request m on m.requestkey = l.request
  join work_order w on w.compcode = m.compcode and w.wo_no = m.workorder_no
