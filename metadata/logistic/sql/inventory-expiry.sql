-- Shelf-life expiry, from the posted ledger: lots on hand with an expiry date. EXPIRED: past its
-- expiry date; DUE90: expires within 90 days; VALID: later. The key is the lot's first ledger
-- row, which never changes (the ledger only grows).
select min(l.ledgerkey) as expiry_id,
       l.compcode, l.store, l.item, i.category,
       l.serial_number, l.batch_number, l.condition,
       sum(l.quantity) as quantity, i.unit,
       min(l.expiry_date) as expiry_date,
       (min(l.expiry_date) - current_date) as days_left,
       case when min(l.expiry_date) < current_date then 'EXPIRED'
            when min(l.expiry_date) <= current_date + 90 then 'DUE90'
            else 'VALID' end as expiry_status
  from stock_ledger l
  join master_item i on i.item_id = l.item
 where l.posted = 1
 group by l.compcode, l.store, l.item, i.category, l.serial_number, l.batch_number, l.condition, i.unit
having sum(l.quantity) > 0 and min(l.expiry_date) is not null
