-- Shelf-life expiry: the lots on hand with an expiry date, from the balance rows posting keeps
-- (their quantity is the sum of the lot's ledger rows, their expiry the lot's earliest), so a row
-- keeps its key and a page costs no aggregate over the ledger (1.9 s at 1M ledger rows when it
-- did: docs/performance.md). EXPIRED: past its expiry date; DUE90: expires within 90 days; VALID:
-- later; today is the company's business date (company_today).
select b.balancekey as expiry_id,
       b.compcode, b.store, b.item, i.category,
       nullif(b.serial_number, '') as serial_number,
       nullif(b.batch_number, '') as batch_number,
       b.condition, b.quantity, i.unit, b.expiry_date,
       (b.expiry_date - t.today) as days_left,
       case when b.expiry_date < t.today then 'EXPIRED'
            when b.expiry_date <= t.today + 90 then 'DUE90'
            else 'VALID' end as expiry_status
  from stock_balance b
  join master_item i on i.item_id = b.item
  join company_today t on t.compcode = b.compcode
 where b.quantity > 0 and b.expiry_date is not null
