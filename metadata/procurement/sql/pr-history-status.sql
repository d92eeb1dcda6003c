-- pr-history-status: one row per chain line, so that any document of the procurement chain can be
-- traced end to end, MR → PR → canvass (RFQ/quotations/choice) → PO → receiving → invoice terms.
-- A row starts at its earliest document:
--   PR  every purchase request line (with the material request line it carries, if any);
--   MR  a material request line no PR line carries yet;
--   PO  a purchase order line ordered without a PR line.
-- Quantities: po_qty is what live (not rejected) orders still order (quantity less the cancelled
-- remainder), po_cancelled what Cancel Remainder gave back; rcv_qty what posted receipts
-- (receiving and inventory receipts against PO lines) received. Payment figures are those of
-- the orders' invoice terms (one per order), so lines of one order show the same figures.
with chain as (
  select 'PR-' || d.prdtlkey as histkey, d.compcode, 'PR' as root, d.mr_line, d.prdtlkey as pr_line, null::bigint as po_line
    from purchase_request_line d
  union all
  select 'MR-' || ml.reqdtlkey, ml.compcode, 'MR', ml.reqdtlkey, null, null
    from material_request_line ml
   where not exists (select 1 from purchase_request_line d where d.mr_line = ml.reqdtlkey)
  union all
  select 'PO-' || pl.podtlkey, pl.compcode, 'PO', null, null, pl.podtlkey
    from purchase_order_line pl
   where pl.pr_line is null
),
order_lines as (
  -- the PO lines of each chain row (through its PR line, or the row's own PO line)
  select c.histkey, pl.podtlkey, pl.purchase_order, pl.quantity, coalesce(pl.qty_cancelled, 0) as cancelled
    from chain c
    join purchase_order_line pl on pl.pr_line = c.pr_line
  union all
  select c.histkey, pl.podtlkey, pl.purchase_order, pl.quantity, coalesce(pl.qty_cancelled, 0)
    from chain c
    join purchase_order_line pl on pl.podtlkey = c.po_line
),
receipts as (
  select rl.po_line, r.rcvno as docno, r.rcvdate as docdate, rl.quantity
    from receiving_line rl
    join receiving r on r.rcvkey = rl.receiving
   where r.posted = 1 and rl.inspection <> 'REJ'  -- a line rejected at inspection is not received
  union all
  select il.po_line, i.receiptno, i.receiptdate, il.quantity
    from inventory_receipt_line il
    join inventory_receipt i on i.receiptkey = il.receipt
   where i.posted = 1 and il.po_line is not null and i.receiving is null  -- else the stock side of a receiving above
),
orders as (
  select ol.histkey,
         string_agg(distinct p.pono, ', ') as po_no,
         min(p.podate) as po_date,
         min(p.vendor) as vendor,
         coalesce(sum(ol.quantity - ol.cancelled) filter (where p.statuswf <> '110'), 0) as po_qty,
         coalesce(sum(ol.cancelled) filter (where p.statuswf <> '110'), 0) as po_cancelled,
         coalesce(sum(ol.quantity - ol.cancelled) filter (where p.statuswf = '111'), 0) as po_approved_qty
    from order_lines ol
    join purchase_order p on p.pokey = ol.purchase_order
   group by ol.histkey
),
received as (
  select ol.histkey, string_agg(distinct rc.docno, ', ') as rcv_no, max(rc.docdate) as rcv_date, sum(rc.quantity) as rcv_qty
    from order_lines ol
    join receipts rc on rc.po_line = ol.podtlkey
   group by ol.histkey
),
paid as (
  select x.histkey, string_agg(t.terminno, ', ') as terms_no, sum(t.contract_amount) as terms_amount,
         sum(t.paid_amount) as paid_amount,
         bool_and(t.outstand = 0) as all_paid
    from (select distinct histkey, purchase_order from order_lines) x
    join invoice_termin t on t.purchase_order = x.purchase_order
   group by x.histkey
),
canvass as (
  select c.histkey, string_agg(distinct s.csno, ', ') as cs_no, min(s.csdate) as cs_date,
         string_agg(distinct v.vendor_name, ', ') filter (where q.selected) as chosen_vendors,
         count(distinct q.vendor) as quoted_vendors
    from chain c
    join canvass_line cl on cl.pr_line = c.pr_line
    join canvass_sheet s on s.csheetkey = cl.canvass_sheet
    left join canvass_quote q on q.cs_line = cl.csdtlkey
    left join vendor v on v.vendor_id = q.vendor
   group by c.histkey
)
select c.histkey, c.compcode, c.root, coalesce(h.prdate, mr.requestdate, po1.podate) as docdate,
       mr.requestkey as material_request, mr.requestno as mr_no, ml.lineref as mr_line, mr.statuswf as mr_statuswf,
       mr.progress as mr_progress, ml.quantity as mr_qty,
       h.prkey as purchase_request, d.lineref, h.prdate, h.pr_type, h.statuswf, h.progress,
       coalesce(h.registration, mr.registration) as registration,
       coalesce(d.item, ml.item, pl.item) as item,
       coalesce(d.description, ml.description, ml.itemname, pl.description) as description,
       d.quantity as pr_qty, coalesce(d.unit, ml.invunitom, pl.unit) as unit,
       cs.cs_no, cs.cs_date, cs.quoted_vendors, cs.chosen_vendors,
       o.po_no, o.po_date, o.vendor, coalesce(o.po_qty, 0) as po_qty, coalesce(o.po_cancelled, 0) as po_cancelled,
       rc.rcv_no, rc.rcv_date, coalesce(rc.rcv_qty, 0) as rcv_qty,
       pd.terms_no, pd.terms_amount, coalesce(pd.paid_amount, 0) as paid_amount,
       case when pd.terms_no is null then 'NONE' when pd.all_paid then 'PAID' when coalesce(pd.paid_amount, 0) > 0 then 'PARTIAL' else 'OPEN' end as payment,
       case
         when c.root = 'MR' and mr.statuswf = '110' then 'REJECTED'
         when c.root = 'MR' and mr.statuswf <> '111' then 'PENDING'
         when c.root = 'MR' then 'APPROVED'
         when c.root = 'PR' and h.statuswf = '110' then 'REJECTED'
         when c.root = 'PR' and h.statuswf <> '111' then 'PENDING'
         when coalesce(rc.rcv_qty, 0) > 0 and coalesce(rc.rcv_qty, 0) >= coalesce(d.quantity, o.po_qty) then 'RECEIVED'
         when coalesce(rc.rcv_qty, 0) > 0 then 'PARTIAL'
         when coalesce(o.po_approved_qty, 0) > 0 then 'ORDERED'
         when o.po_no is not null then 'ORDERING'
         when cs.cs_no is not null then 'CANVASS'
         else 'APPROVED'
       end as stage
  from chain c
  left join material_request_line ml on ml.reqdtlkey = c.mr_line
  left join material_request mr on mr.requestkey = ml.request
  left join purchase_request_line d on d.prdtlkey = c.pr_line
  left join purchase_request h on h.prkey = d.purchase_request
  left join purchase_order_line pl on pl.podtlkey = c.po_line
  left join purchase_order po1 on po1.pokey = pl.purchase_order
  left join canvass cs on cs.histkey = c.histkey
  left join orders o on o.histkey = c.histkey
  left join received rc on rc.histkey = c.histkey
  left join paid pd on pd.histkey = c.histkey
