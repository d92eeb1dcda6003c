-- Shelf-life expiry, from the posted ledger: lots on hand with an expiry date. Every movement of
-- a lot with a shelf life carries the lot's expiry (receipts set it, the other movements copy it
-- from the lot, and a lot in stock without one cannot take one later: plugins/stores/ledger.ts),
-- so the rows with an expiry date hold the whole lot and only they are read (index on
-- compcode, expiry_date). EXPIRED: past its expiry date; DUE90: expires within 90 days; VALID:
-- later. The key is the lot's first ledger row, which never changes (the ledger only grows).
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
 where l.posted = 1 and l.expiry_date is not null
 group by l.compcode, l.store, l.item, i.category, l.serial_number, l.batch_number, l.condition, i.unit
having sum(l.quantity) > 0
