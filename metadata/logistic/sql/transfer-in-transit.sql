-- Transfers not received: lines of shipped transfers (transfer out posted, not cancelled) with
-- the quantity the posted transfers in have not yet brought into the receiving store.
select d.trfdtlkey, d.compcode, d.stock_transfer, h.transferdate, h.from_store, h.to_store,
       h.carrier, h.awb_no, d.item, d.serial_number, d.batch_number, d.condition,
       d.quantity, coalesce(a.qty, 0) as qty_received,
       d.quantity - coalesce(a.qty, 0) as outstanding,
       (t.today - h.transferdate) as days_in_transit
  from stock_transfer_line d
  join stock_transfer h on h.transferkey = d.stock_transfer
  join company_today t on t.compcode = d.compcode
  left join lateral (
         select sum(l.quantity) as qty
           from stock_ledger l
          where l.compcode = d.compcode and l.source = 'stock_transfer' and l.source_key = d.stock_transfer
            and l.source_line = d.trfdtlkey and l.txn_type = 'TRI') a on true
 where h.out_posted = 1 and h.received = 1 and h.reverses is null and h.reversed_by is null
   and d.quantity > coalesce(a.qty, 0)
