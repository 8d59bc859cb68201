-- Issue 14: the prepaid balance report reads the card ledger — one definition of a card balance
-- (the sum of its entries). `reports.prepaid_ledger` shows the entries made at the locations in
-- scope (`business_id`: where the entry happened, not the card's issuing location).
CREATE VIEW reports.prepaid_ledger WITH (security_barrier) AS
SELECT x.id, x.card_id, c.kind AS card_kind, c.business_id AS card_business_id, x.business_id, x.kind, x.amount, x.day, x.at,
  x.queue_id AS ticket_id, x.checkout_id, x.reason
FROM public.prepaid_ledger x
JOIN public.prepaid_cards c ON c.id = x.card_id
WHERE x.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
GRANT SELECT ON reports.prepaid_ledger TO salondesk_reporting;
--> statement-breakpoint
-- Per location where the entries happened: opening = every entry before the range; sold = ISSUE +
-- LOAD; redeemed = REDEEM less REFUND (a positive number); adjusted = ADJUST + EXPIRE + VOID
-- (signed); closing = opening + sold − redeemed + adjusted. `by_day` gives one row per day, else
-- one per location (`day` null).
DROP FUNCTION IF EXISTS reports.prepaid_balance(date, date, boolean);
--> statement-breakpoint
CREATE FUNCTION reports.prepaid_balance(start_day date, end_day date, by_day boolean DEFAULT false)
RETURNS TABLE (business_id integer, location text, day date, opening_balance bigint, sold bigint, redeemed bigint, adjusted bigint, closing_balance bigint)
LANGUAGE sql STABLE AS $f$
  WITH daily AS (
    SELECT x.business_id, x.day,
      coalesce(sum(x.amount) FILTER (WHERE x.kind IN ('ISSUE', 'LOAD')), 0)::bigint AS sold,
      coalesce(-sum(x.amount) FILTER (WHERE x.kind IN ('REDEEM', 'REFUND')), 0)::bigint AS redeemed,
      coalesce(sum(x.amount) FILTER (WHERE x.kind IN ('ADJUST', 'EXPIRE', 'VOID')), 0)::bigint AS adjusted
    FROM reports.prepaid_ledger x WHERE x.day BETWEEN start_day AND end_day
    GROUP BY x.business_id, x.day
  ), opening AS (
    SELECT b.id AS business_id, b.name, coalesce(o.balance, 0)::bigint AS balance
    FROM reports.businesses b
    LEFT JOIN (SELECT x.business_id, sum(x.amount) AS balance FROM reports.prepaid_ledger x WHERE x.day < start_day GROUP BY x.business_id) o ON o.business_id = b.id
  ), days AS (
    SELECT o.business_id, o.name, o.balance, g::date AS day, coalesce(d.sold, 0) AS sold, coalesce(d.redeemed, 0) AS redeemed, coalesce(d.adjusted, 0) AS adjusted
    FROM opening o CROSS JOIN generate_series(start_day, end_day, interval '1 day') g
    LEFT JOIN daily d ON d.business_id = o.business_id AND d.day = g::date
  ), running AS (
    SELECT x.*, x.balance + sum(x.sold - x.redeemed + x.adjusted) OVER (PARTITION BY x.business_id ORDER BY x.day) AS closing FROM days x
  )
  SELECT r.business_id, r.name, r.day, (r.closing - r.sold + r.redeemed - r.adjusted)::bigint, r.sold::bigint, r.redeemed::bigint, r.adjusted::bigint, r.closing::bigint
  FROM running r WHERE by_day
  UNION ALL
  SELECT o.business_id, o.name, NULL::date, o.balance, coalesce(sum(d.sold), 0)::bigint, coalesce(sum(d.redeemed), 0)::bigint, coalesce(sum(d.adjusted), 0)::bigint,
    (o.balance + coalesce(sum(d.sold - d.redeemed + d.adjusted), 0))::bigint
  FROM opening o LEFT JOIN daily d ON d.business_id = o.business_id
  WHERE NOT by_day
  GROUP BY o.business_id, o.name, o.balance
  ORDER BY 2, 1, 3
$f$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION reports.prepaid_balance(date, date, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reports.prepaid_balance(date, date, boolean) TO salondesk_reporting;
