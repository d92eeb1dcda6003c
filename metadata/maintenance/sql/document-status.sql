-- Aircraft documents with their expiry: days remaining (UTC) and the warning window of the
-- document type (else the company's remain_day_due, else 30 days). A document is valid until
-- the end of its expiry date.
select d.aircraft_document_id, d.compcode, d.aircraft, d.document_type, d.document_no, d.issue_date,
       d.expiry_date, d.issued_by, t.mandatory,
       (d.expiry_date - ct.today)::bigint as days_remaining,
       case when d.expiry_date is null then 'NOEXPIRY'
            when d.expiry_date < ct.today then 'EXPIRED'
            when d.expiry_date - ct.today <= coalesce(t.warning_days, co.remain_day_due, 30) then 'EXPIRING'
            else 'VALID' end as doc_status
  from aircraft_document d
  join document_type t on t.id = d.document_type
  join company co on co.compcode = d.compcode
  join company_today ct on ct.compcode = d.compcode
 where d.is_current
