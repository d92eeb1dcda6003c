-- pr-history-status: one row per path through the procurement chain, so that any document can be
-- traced end to end, MR → PR → canvass (RFQ/quotations/choice) → PO → receiving → invoice terms:
--   PR  a purchase request line with one of its PO lines (or alone while it has none), with the
--       material request line it carries, if any; a PR line ordered twice (a cancelled remainder
--       ordered again) has two rows;
--   MR  a material request line no PR line carries yet;
--   PO  a purchase order line ordered without a PR line.
-- Quantities: po_qty is what the row's PO line still orders (quantity less the cancelled remainder;
-- 0 on a rejected order), po_cancelled what Cancel Remainder gave back; rcv_qty what posted receipts
-- received on it (goods receipts, their lines rejected at inspection excepted, and inventory
-- receipts against PO lines made without a receiving: one naming a receiving is its stock side).
-- Payment figures are those of the order's invoice terms (one per order).
--
-- Document numbers, dates, order and received figures are plain joined columns (a filter on a PO
-- or terms number is a join condition); the canvass and receipt-number aggregates are scalar
-- subqueries over indexed keys, computed for the rows of a page only unless filtered on
-- (bench/procurement.ts).
select v.*,
       case
         when v.root = 'MR' and v.mr_statuswf = '110' then 'REJECTED'
         when v.root = 'MR' and v.mr_statuswf <> '111' then 'PENDING'
         when v.root = 'MR' then 'APPROVED'
         when v.root = 'PR' and v.statuswf = '110' then 'REJECTED'
         when v.root = 'PR' and v.statuswf <> '111' then 'PENDING'
         when v.rcv_qty > 0 and v.rcv_qty >= v.po_qty then 'RECEIVED'
         when v.rcv_qty > 0 then 'PARTIAL'
         when v.po_statuswf = '111' and v.po_qty > 0 then 'ORDERED'
         when v.po_statuswf = '111' then 'CANCELLED'
         when v.po_no is not null and v.po_statuswf <> '110' then 'ORDERING'
         when v.cs_no is not null then 'CANVASS'
         else 'APPROVED'
       end as stage
  from (
    select c.histkey, c.compcode, c.root, coalesce(h.prdate, mr.requestdate, po.podate) as docdate,
           mr.requestkey as material_request, mr.requestno as mr_no, ml.lineref as mr_line, mr.statuswf as mr_statuswf,
           mr.progress as mr_progress, ml.quantity as mr_qty,
           h.prkey as purchase_request, d.lineref, h.prdate, h.pr_type, h.statuswf, h.progress,
           coalesce(h.registration, mr.registration) as registration,
           coalesce(d.item, ml.item, pl.item) as item,
           coalesce(d.description, ml.description, ml.itemname, pl.description) as description,
           d.quantity as pr_qty, coalesce(d.unit, ml.invunitom, pl.unit) as unit,
           coalesce(qs.csno, (select string_agg(distinct s.csno, ', ') from canvass_line cl join canvass_sheet s on s.csheetkey = cl.canvass_sheet
                               where cl.pr_line = c.pr_line)) as cs_no,
           coalesce(qs.csdate, (select min(s.csdate) from canvass_line cl join canvass_sheet s on s.csheetkey = cl.canvass_sheet
                                 where cl.pr_line = c.pr_line)) as cs_date,
           (select count(distinct q.vendor) from canvass_line cl join canvass_quote q on q.cs_line = cl.csdtlkey
             where cl.pr_line = c.pr_line) as quoted_vendors,
           (select string_agg(distinct vn.vendor_name, ', ') from canvass_line cl join canvass_quote q on q.cs_line = cl.csdtlkey join vendor vn on vn.vendor_id = q.vendor
             where cl.pr_line = c.pr_line and q.selected) as chosen_vendors,
           po.pono as po_no, po.podate as po_date, po.vendor, po.statuswf as po_statuswf, pl.lineref as po_line,
           case when po.statuswf = '110' then 0 else coalesce(pl.quantity - coalesce(pl.qty_cancelled, 0), 0) end as po_qty,
           coalesce(pl.qty_cancelled, 0) as po_cancelled,
           (select string_agg(distinct z.docno, ', ') from (
                   select r.rcvno as docno from receiving_line rl join receiving r on r.rcvkey = rl.receiving
                    where rl.po_line = c.po_line and r.posted = 1 and rl.inspection <> 'REJ' and r.reverses is null and r.reversed_by is null
                   union all
                   select i.receiptno from inventory_receipt_line il join inventory_receipt i on i.receiptkey = il.receipt
                    where il.po_line = c.po_line and i.posted = 1 and i.reverses is null and i.reversed_by is null
                 ) z) as rcv_no,
           (select max(z.docdate) from (
                   select r.rcvdate as docdate from receiving_line rl join receiving r on r.rcvkey = rl.receiving
                    where rl.po_line = c.po_line and r.posted = 1 and rl.inspection <> 'REJ' and r.reverses is null and r.reversed_by is null
                   union all
                   select i.receiptdate from inventory_receipt_line il join inventory_receipt i on i.receiptkey = il.receipt
                    where il.po_line = c.po_line and i.posted = 1 and i.reverses is null and i.reversed_by is null
                 ) z) as rcv_date,
           coalesce(pl.qty_received, 0) as rcv_qty,
           t.terminno as terms_no, t.contract_amount as terms_amount, coalesce(t.paid_amount, 0) as paid_amount,
           case when t.termkey is null then 'NONE' when t.outstand = 0 then 'PAID' when t.paid_amount > 0 then 'PARTIAL' else 'OPEN' end as payment
      from (
            select 'PR-' || d.prdtlkey || '-' || coalesce(x.podtlkey, 0) as histkey, d.compcode, 'PR' as root, d.mr_line, d.prdtlkey as pr_line, x.podtlkey as po_line
              from purchase_request_line d
              left join purchase_order_line x on x.pr_line = d.prdtlkey
            union all
            select 'MR-' || ml.reqdtlkey, ml.compcode, 'MR', ml.reqdtlkey, null, null
              from material_request_line ml
             where not exists (select 1 from purchase_request_line d where d.mr_line = ml.reqdtlkey)
            union all
            select 'PO-' || pl.podtlkey, pl.compcode, 'PO', null, null, pl.podtlkey
              from purchase_order_line pl
             where pl.pr_line is null
           ) c
      left join material_request_line ml on ml.reqdtlkey = c.mr_line
      left join material_request mr on mr.requestkey = ml.request
      left join purchase_request_line d on d.prdtlkey = c.pr_line
      left join purchase_request h on h.prkey = d.purchase_request
      left join purchase_order_line pl on pl.podtlkey = c.po_line
      left join purchase_order po on po.pokey = pl.purchase_order
      left join canvass_quote q on q.quotekey = pl.quote
      left join canvass_sheet qs on qs.csheetkey = q.canvass_sheet
      left join invoice_termin t on t.purchase_order = po.pokey
  ) v
