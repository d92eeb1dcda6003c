-- Stock card: every posted ledger row with the running quantity and value, per store and over
-- all stores of the company (stock in transit between two stores counts in neither).
select l.ledgerkey as card_id, l.compcode, l.txn_date, l.txn_type, l.doc_no,
       l.store, l.item, l.serial_number, l.batch_number, l.condition,
       case when l.quantity > 0 then l.quantity else 0 end as qty_in,
       case when l.quantity < 0 then -l.quantity else 0 end as qty_out,
       sum(l.quantity) over (partition by l.compcode, l.store, l.item
                             order by l.txn_date, l.ledgerkey
                             rows between unbounded preceding and current row) as balance,
       sum(l.quantity) over (partition by l.compcode, l.item
                             order by l.txn_date, l.ledgerkey
                             rows between unbounded preceding and current row) as balance_all_stores,
       l.unit_cost, l.amount,
       sum(l.amount) over (partition by l.compcode, l.store, l.item
                           order by l.txn_date, l.ledgerkey
                           rows between unbounded preceding and current row) as balance_value,
       sum(l.amount) over (partition by l.compcode, l.item
                           order by l.txn_date, l.ledgerkey
                           rows between unbounded preceding and current row) as balance_value_all_stores,
       l.registration, l.remark
  from stock_ledger l
 where l.posted = 1
