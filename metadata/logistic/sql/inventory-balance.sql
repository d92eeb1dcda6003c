-- Inventory balance: the balance rows kept by posting (stock_balance, one per company, store, item,
-- serial/batch and condition), so a row keeps its key for as long as it exists. Stock value is
-- the quantity at the item's moving average cost; unserviceable "as removed" stock (AR) carries no
-- value (docs/decisions/0100-stock-valuation.md). Serviceable = a serviceable condition in a store
-- that is neither unserviceable (US) nor quarantine (QUAR).
select b.balancekey as balance_id,
       b.compcode, b.store, b.item, i.category, i.inventory_group,
       nullif(b.serial_number, '') as serial_number,
       nullif(b.batch_number, '') as batch_number,
       b.condition, b.quantity, i.unit, b.expiry_date, b.last_movement,
       case when b.condition = 'AR' or coalesce(v.quantity, 0) = 0 then 0
            else round(b.quantity * v.value / v.quantity, 2) end as stock_value,
       (b.condition in ('NE', 'NS', 'OH', 'SV', 'RP') and s.store_type not in ('US', 'QUAR')) as serviceable
  from stock_balance b
  join master_item i on i.item_id = b.item
  join store_warehouse s on s.store_id = b.store
  left join stock_valuation v on v.compcode = b.compcode and v.item = b.item
 where b.quantity <> 0
