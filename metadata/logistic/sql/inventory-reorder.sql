-- Items to reorder. Stock position = serviceable on hand (balance rows; expired shelf-life lots
-- excluded) + on order (open PO lines of approved or in-approval orders: quantity - qty_received)
-- - reserved (open, posted reservations still valid: quantity - qty_issued). Listed when the
-- position is at or below the reorder minimum; the suggested quantity orders up to the maximum,
-- rounded up.
with onhand as (
       select b.compcode, b.item, sum(b.quantity) as qty, max(b.last_movement) as last_movement
         from stock_balance b
         join store_warehouse s on s.store_id = b.store
         join company_today t on t.compcode = b.compcode
        where b.quantity > 0 and b.condition in ('NE', 'NS', 'OH', 'SV', 'RP') and s.store_type not in ('US', 'QUAR')
          and (b.expiry_date is null or b.expiry_date >= t.today)
        group by b.compcode, b.item),
     onorder as (
       select pl.compcode, pl.item, sum(greatest(pl.quantity - coalesce(pl.qty_received, 0), 0)) as qty
         from purchase_order_line pl
         join purchase_order p on p.pokey = pl.purchase_order
        where p.statuswf in ('100', '111') and p.outstand = 1 and pl.outstand = 1
        group by pl.compcode, pl.item),
     reserved as (
       select rl.compcode, rl.item, sum(greatest(rl.quantity - coalesce(rl.qty_issued, 0), 0)) as qty
         from stock_reservation_line rl
         join stock_reservation r on r.reservekey = rl.reservation
         join company_today t on t.compcode = rl.compcode
        where r.status = 1 and r.posted = 1 and (r.valid_until is null or r.valid_until >= t.today)
        group by rl.compcode, rl.item)
select i.item_id, i.compcode, i.item_id as item, i.category, i.inventory_group, i.unit,
       coalesce(h.qty, 0) as on_hand,
       coalesce(rs.qty, 0) as reserved,
       coalesce(h.qty, 0) - coalesce(rs.qty, 0) as available,
       coalesce(o.qty, 0) as on_order,
       coalesce(h.qty, 0) - coalesce(rs.qty, 0) + coalesce(o.qty, 0) as stock_position,
       i.reorder_min, i.reorder_max,
       ceil(greatest(i.reorder_max - (coalesce(h.qty, 0) - coalesce(rs.qty, 0) + coalesce(o.qty, 0)), 0)) as order_qty,
       h.last_movement
  from master_item i
  left join onhand h on h.compcode = i.compcode and h.item = i.item_id
  left join onorder o on o.compcode = i.compcode and o.item = i.item_id
  left join reserved rs on rs.compcode = i.compcode and rs.item = i.item_id
 where i.active and i.reorder_min > 0
   and coalesce(h.qty, 0) - coalesce(rs.qty, 0) + coalesce(o.qty, 0) <= i.reorder_min
