-- The history of a service request keeps what each step decided (docs/decisions/0021): an
-- accept's fee and reference, a rejection's reason. Rows written before knew only the request's
-- latest values: those go on the request's newest accept and newest rejection, as the detail
-- already showed them.
UPDATE workflow_history h
SET payment_amount_piastres = c.payment_amount_piastres, payment_reference = c.payment_reference
FROM customer_requests c
WHERE h.machine = 'customer_request' AND h.record_id = c.id AND h.action = 'next-for-pay'
  AND c.payment_amount_piastres IS NOT NULL
  AND h.id = (SELECT max(x.id) FROM workflow_history x
              WHERE x.machine = 'customer_request' AND x.record_id = c.id AND x.action = 'next-for-pay');
--> statement-breakpoint
UPDATE workflow_history h
SET rejection_reason_id = c.rejection_reason_id
FROM customer_requests c
WHERE h.machine = 'customer_request' AND h.record_id = c.id AND h.action = 'reject'
  AND c.rejection_reason_id IS NOT NULL
  AND h.id = (SELECT max(x.id) FROM workflow_history x
              WHERE x.machine = 'customer_request' AND x.record_id = c.id AND x.action = 'reject');
