-- Stock card: every posted ledger row with the running quantity and value after it, in the store
-- and over all stores of the company (stock in transit counts in neither). The running figures are
-- written by the posting itself (plugins/stores/ledger.ts), in the order movements are entered,
-- like the balance column of a paper stock card; reading a page costs no window over the ledger.
select l.ledgerkey as card_id, l.compcode, l.txn_date, l.txn_type, l.doc_no,
       l.store, l.item, l.serial_number, l.batch_number, l.condition,
       case when l.quantity > 0 then l.quantity else 0 end as qty_in,
       case when l.quantity < 0 then -l.quantity else 0 end as qty_out,
       l.balance_store as balance,
       l.balance_item as balance_all_stores,
       l.unit_cost, l.amount,
       l.value_store as balance_value,
       l.value_item as balance_value_all_stores,
       l.registration, l.remark
  from stock_ledger l
 where l.posted = 1
