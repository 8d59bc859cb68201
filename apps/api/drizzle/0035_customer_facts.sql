-- Issue 18 (clients): what each client did, from the tickets, with core's figure definitions
-- (`CLIENT_FIGURES` in packages/core/src/rules/figures.ts). The client list, the profile and the
-- segments all read this one view; nothing here is stored.
-- * A visit is a completed ticket (a live checkout), on its checkout day ("Tickets").
-- * Spend is what those tickets sold: the live line totals, price × quantity − discount + tax
--   ("Gross sales"), before refunds; refunds are the refunds of those tickets, whatever their day.
-- * The last staff member is who served the latest visit (else who checked it out).
-- Every customer has a row (zeros and nulls without a visit). Filter on `business_id` or
-- `customer_id`: the planner carries either into the grouped tickets (both are grouping columns).
CREATE VIEW public.customer_facts AS
SELECT c.id AS customer_id, c.business_id,
  coalesce(t.visits, 0)::integer AS visits,
  coalesce(s.spend, 0)::bigint AS spend,
  coalesce(r.refunds, 0)::bigint AS refunds,
  coalesce(t.tips, 0)::bigint AS tips,
  CASE WHEN coalesce(t.visits, 0) = 0 THEN 0 ELSE round(coalesce(s.spend, 0)::numeric / t.visits)::bigint END AS average_spend,
  t.first_visit, t.last_visit, t.last_ticket_id, t.last_staff_id
FROM public.customers c
LEFT JOIN (
  SELECT q.business_id, q.customer_id, count(*) AS visits, sum(k.tipamount) AS tips,
    min(k.checkout_day) AS first_visit, max(k.checkout_day) AS last_visit,
    (array_agg(q.id ORDER BY k.checkout_day DESC, k.created_at DESC, q.id DESC))[1] AS last_ticket_id,
    (array_agg(coalesce(q.serviced_by, k.employee_id) ORDER BY k.checkout_day DESC, k.created_at DESC, q.id DESC))[1] AS last_staff_id
  FROM public.queue q
  JOIN public.checkouts k ON k.queue_id = q.id AND k.voided_at IS NULL
  WHERE q.customer_id IS NOT NULL
  GROUP BY q.business_id, q.customer_id
) t ON t.business_id = c.business_id AND t.customer_id = c.id
LEFT JOIN (
  SELECT q.business_id, q.customer_id, sum(l.total) AS spend
  FROM public.queue q
  JOIN public.checkouts k ON k.queue_id = q.id AND k.voided_at IS NULL
  JOIN public.saleslogs l ON l.checkout_id = k.id AND NOT l.voided
  WHERE q.customer_id IS NOT NULL
  GROUP BY q.business_id, q.customer_id
) s ON s.business_id = c.business_id AND s.customer_id = c.id
LEFT JOIN (
  SELECT q.business_id, q.customer_id, sum(f.amount) AS refunds
  FROM public.queue q
  JOIN public.refunds f ON f.queue_id = q.id
  WHERE q.customer_id IS NOT NULL
  GROUP BY q.business_id, q.customer_id
) r ON r.business_id = c.business_id AND r.customer_id = c.id;
