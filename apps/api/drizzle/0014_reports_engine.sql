-- Reports (issue 11): the `reports` schema that procedure and function reports, data sources,
-- pivots and questions read, and the database roles they run as.
--
-- * `salondesk_reporting` (NOLOGIN) may only USE the schema, SELECT its views and EXECUTE its
--   functions: no table of the application is granted to it.
-- * `salondesk_report_runner` (LOGIN, member of salondesk_reporting only) is what the server's
--   report pool signs in as. A session signed in as the application's own role could switch back
--   to it from inside a query (`set_config('role', …)` is checked against the *session* user), so
--   report SQL never runs in such a session. Its password is made here, kept in
--   `reports.runner_login` (readable by the owner only) and set on the role; roles are
--   cluster-wide, so both are created only when missing.
-- * Every view shows only the rows of the businesses the server named for this transaction:
--   `salondesk.businesses` ('1,3'), signed with a key only the owner can read and bound to the
--   session and the transaction (`reports.scope()`), so neither a parameter nor the SQL of a data
--   source can widen it. Without a valid scope a view is empty.
-- * Views are `security_barrier`: a function in a caller's WHERE never sees a row first.
-- Figures follow core's `rules/figures.ts`: completed tickets are live checkouts on their checkout
-- day; gross sales are live line totals; refunds count on the business day they were made.

CREATE SCHEMA IF NOT EXISTS reports;
--> statement-breakpoint
DO $roles$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'salondesk_reporting') THEN
    CREATE ROLE salondesk_reporting NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'salondesk_report_runner') THEN
    CREATE ROLE salondesk_report_runner LOGIN INHERIT CONNECTION LIMIT 50;
  END IF;
  IF NOT pg_has_role('salondesk_report_runner', 'salondesk_reporting', 'MEMBER') THEN
    GRANT salondesk_reporting TO salondesk_report_runner;
  END IF;
  -- The application's role may act as the reporting role too (SET ROLE); reports do not need it.
  BEGIN
    IF NOT pg_has_role(current_user, 'salondesk_reporting', 'MEMBER') THEN
      EXECUTE format('GRANT salondesk_reporting TO %I', current_user);
    END IF;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'salondesk_reporting was made by another role; % is not made a member of it', current_user;
  END;
END
$roles$;
--> statement-breakpoint
CREATE TABLE reports.scope_key (key text NOT NULL);
--> statement-breakpoint
INSERT INTO reports.scope_key (key) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
CREATE TABLE reports.runner_login (password text NOT NULL);
--> statement-breakpoint
INSERT INTO reports.runner_login (password) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
-- Roles are cluster-wide: a second database of the same cluster sets the password again (its
-- own), and a server whose sign-in is refused sets its own back (reports/engine/pool.ts). Where the
-- role was made by another role, set SALONDESK_REPORTING_DATABASE_URL instead.
DO $login$
BEGIN
  EXECUTE format('ALTER ROLE salondesk_report_runner WITH LOGIN PASSWORD %L', (SELECT password FROM reports.runner_login));
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'Cannot set the password of salondesk_report_runner (made by another role): give % ADMIN OPTION on it, or set SALONDESK_REPORTING_DATABASE_URL', current_user;
END
$login$;
--> statement-breakpoint
REVOKE ALL ON reports.scope_key, reports.runner_login FROM PUBLIC;
--> statement-breakpoint
-- The businesses this transaction may read, or an error when the scope was not signed for this
-- very session and transaction. Evaluated once per query (the views call it in a sub-select).
CREATE FUNCTION reports.scope() RETURNS integer[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $f$
DECLARE
  list text := current_setting('salondesk.businesses', true);
  signature text := current_setting('salondesk.scope_signature', true);
  secret text;
BEGIN
  IF coalesce(list, '') = '' THEN
    RETURN '{}'::integer[];
  END IF;
  IF list !~ '^[0-9]{1,10}(,[0-9]{1,10})*$' THEN
    RAISE EXCEPTION 'The report scope is not valid.' USING ERRCODE = '42501';
  END IF;
  SELECT k.key INTO secret FROM reports.scope_key k;
  IF signature IS DISTINCT FROM encode(sha256(convert_to(
       secret || ':' || list || ':' || pg_backend_pid()::text || ':' || (extract(epoch FROM transaction_timestamp()) * 1000000)::bigint::text || ':' || secret,
       'UTF8')), 'hex') THEN
    RAISE EXCEPTION 'The report scope is not valid.' USING ERRCODE = '42501';
  END IF;
  RETURN string_to_array(list, ',')::integer[];
END
$f$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION reports.scope() FROM PUBLIC;
--> statement-breakpoint
-- Staff display names (core's `staffDisplayNames`, computed by the server for the businesses in
-- scope) arrive as `salondesk.staff_names` = {"<id>": "<name>"}; a member missing from it is shown
-- by their full name.
CREATE FUNCTION reports.staff_names() RETURNS jsonb
LANGUAGE sql STABLE SET search_path = pg_catalog AS $f$
  SELECT coalesce(nullif(current_setting('salondesk.staff_names', true), ''), '{}')::jsonb
$f$;
--> statement-breakpoint
CREATE VIEW reports.businesses WITH (security_barrier) AS
SELECT b.id, b.network_id, n.name AS network_name, b.name, b.status, b.timezone,
  coalesce(b.info->>'currency', 'USD') AS currency
FROM public.businesses b
LEFT JOIN public.networks n ON n.id = b.network_id
WHERE b.id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
CREATE VIEW reports.staff WITH (security_barrier) AS
SELECT s.id, s.business_id, coalesce((SELECT reports.staff_names())->>s.id::text, s.full_name) AS display_name,
  s.name, s.full_name, s.status, s.deleted_at IS NOT NULL AS deleted
FROM public.staff s
WHERE s.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
CREATE VIEW reports.services WITH (security_barrier) AS
SELECT v.id, v.business_id, v.category_id, c.name AS category_name, v.name, v.price, v.duration_minutes,
  v.servicestatus AS status, v.giftcard, v.deleted_at IS NOT NULL AS deleted
FROM public.services v
JOIN public.categories c ON c.id = v.category_id
WHERE v.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
CREATE VIEW reports.products WITH (security_barrier) AS
SELECT p.id, p.business_id, p.category_id, c.name AS category_name, p.name, p.price, p.cost, p.stock,
  p.productstatus AS status, p.deleted_at IS NOT NULL AS deleted
FROM public.products p
JOIN public.categories c ON c.id = p.category_id
WHERE p.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
CREATE VIEW reports.customers WITH (security_barrier) AS
SELECT c.id, c.business_id, nullif(trim(concat_ws(' ', c.firstname, c.lastname)), '') AS name, c.firstname, c.lastname,
  c.email, c.phone, c.loyalty_points, c.created_at
FROM public.customers c
WHERE c.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
-- Completed tickets: a live checkout, on its checkout day (the "Tickets" figure). `checkout_local`
-- is the checkout's wall-clock time in the business's time zone.
CREATE VIEW reports.tickets WITH (security_barrier) AS
SELECT q.id, q.business_id, k.checkout_day AS day, k.id AS checkout_id, q.customer_id, k.employee_id AS staff_id, q.serviced_by AS serviced_by_id,
  (k.created_at AT TIME ZONE b.timezone) AS checkout_local,
  k.subtotal, k.discount, k.tax, k.total, k.tipamount AS tips, k.feesamount AS fees,
  k.cashamount AS cash, k.creditamount AS credit, k.giftamount AS gift,
  k.cashamount + k.creditamount + k.giftamount AS collected, k.refunded
FROM public.checkouts k
JOIN public.queue q ON q.id = k.queue_id
JOIN public.businesses b ON b.id = k.business_id
WHERE k.voided_at IS NULL AND k.business_id = ANY ((SELECT reports.scope())::integer[])
  -- The same scope on the tickets themselves, so their index narrows the join too.
  AND q.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
-- Live sales lines of completed tickets, on their checkout day: `total` (price × quantity −
-- discount + tax) is what "Gross sales" adds up.
CREATE VIEW reports.sales_lines WITH (security_barrier) AS
SELECT l.id, l.business_id, l.queue_id AS ticket_id, l.day, l.kind, l.service_id, l.product_id, l.name AS item_name,
  l.employee_id AS staff_id, l.price, l.quantity, l.discount, l.tax, l.total
FROM public.saleslogs l
WHERE NOT l.voided AND l.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
-- Refunds on the business day they were made ("Refunds").
CREATE VIEW reports.refunds WITH (security_barrier) AS
SELECT r.id, r.business_id, r.queue_id AS ticket_id, r.day, r.amount, r.reason, r.created_at
FROM public.refunds r
WHERE r.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
-- The daily sums every sales screen reads (the rollup), with net sales = gross sales − refunds.
CREATE VIEW reports.sales_daily WITH (security_barrier) AS
SELECT d.business_id, d.day, d.tickets, d.sales, d.refunds, d.sales - d.refunds AS net, d.subtotal, d.discounts, d.tax, d.tips,
  d.cash, d.credit, d.gift, d.cash + d.credit + d.gift AS collected, d.services, d.products, d.giftcards,
  d.service_quantity, d.product_quantity
FROM public.sales_daily d
WHERE d.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
CREATE VIEW reports.appointments WITH (security_barrier) AS
SELECT a.id, a.business_id, a.staff_id, a.service_id, a.customer_name, (a.starts_at AT TIME ZONE b.timezone)::date AS day,
  (a.starts_at AT TIME ZONE b.timezone) AS starts_local, a.duration_minutes, a.price, a.status
FROM public.appointments a
JOIN public.businesses b ON b.id = a.business_id
WHERE a.business_id = ANY ((SELECT reports.scope())::integer[]);
--> statement-breakpoint
GRANT USAGE ON SCHEMA reports TO salondesk_reporting;
--> statement-breakpoint
GRANT SELECT ON reports.businesses, reports.staff, reports.services, reports.products, reports.customers, reports.tickets,
  reports.sales_lines, reports.refunds, reports.sales_daily, reports.appointments TO salondesk_reporting;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reports.scope(), reports.staff_names() TO salondesk_reporting;
--> statement-breakpoint
-- ——— Report functions (core's `REPORT_FUNCTIONS` declares their parameters and columns) ———————
-- Each reads only the views above (so only the businesses in scope) and runs as its caller.
-- A staff member is named by display name (`reports.staff`, joined once per result row); lines
-- credited to nobody are "Unassigned", to someone no longer on the roster "Former staff".
CREATE FUNCTION reports.staff_label(staff_id integer, display_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE WHEN staff_id IS NULL THEN 'Unassigned' ELSE coalesce(display_name, 'Former staff') END
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.sales_by_day(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, day date, tickets bigint, gross_sales bigint, refunds bigint, net_sales bigint, tips bigint)
LANGUAGE sql STABLE AS $f$
  SELECT d.business_id, b.name, d.day, d.tickets::bigint, d.sales::bigint, d.refunds::bigint, d.net::bigint, d.tips::bigint
  FROM reports.sales_daily d JOIN reports.businesses b ON b.id = d.business_id
  WHERE d.day BETWEEN start_day AND end_day AND (d.tickets, d.sales, d.refunds) IS DISTINCT FROM (0, 0, 0)
  ORDER BY b.name, d.business_id, d.day
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.sales_by_service(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, service_id integer, service text, category text, quantity bigint, discounts bigint, gross_sales bigint)
LANGUAGE sql STABLE AS $f$
  SELECT l.business_id, b.name, l.service_id, l.item_name, max(v.category_name), sum(l.quantity)::bigint, sum(l.discount)::bigint, sum(l.total)::bigint
  FROM reports.sales_lines l
  JOIN reports.businesses b ON b.id = l.business_id
  LEFT JOIN reports.services v ON v.id = l.service_id
  WHERE l.kind = 'service' AND l.day BETWEEN start_day AND end_day
  GROUP BY l.business_id, b.name, l.service_id, l.item_name
  ORDER BY b.name, l.business_id, sum(l.total) DESC, l.item_name, l.service_id
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.sales_by_staff(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, staff_id integer, staff text, service_sales bigint, retail_sales bigint, prepaid_sales bigint, quantity bigint, gross_sales bigint)
LANGUAGE sql STABLE AS $f$
  SELECT l.business_id, b.name, l.staff_id, reports.staff_label(l.staff_id, s.display_name),
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'service'), 0)::bigint,
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'product'), 0)::bigint,
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'giftcard'), 0)::bigint,
    sum(l.quantity)::bigint, sum(l.total)::bigint
  FROM reports.sales_lines l JOIN reports.businesses b ON b.id = l.business_id LEFT JOIN reports.staff s ON s.id = l.staff_id
  WHERE l.day BETWEEN start_day AND end_day
  GROUP BY l.business_id, b.name, l.staff_id, s.display_name
  ORDER BY b.name, l.business_id, sum(l.total) DESC, l.staff_id NULLS LAST
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.retail_by_product(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, product_id integer, product text, category text, quantity bigint, gross_sales bigint, cost bigint, margin bigint)
LANGUAGE sql STABLE AS $f$
  SELECT l.business_id, b.name, l.product_id, l.item_name, max(p.category_name), sum(l.quantity)::bigint, sum(l.total)::bigint,
    coalesce(sum(l.quantity * p.cost), 0)::bigint, (sum(l.total) - coalesce(sum(l.quantity * p.cost), 0))::bigint
  FROM reports.sales_lines l
  JOIN reports.businesses b ON b.id = l.business_id
  LEFT JOIN reports.products p ON p.id = l.product_id
  WHERE l.kind = 'product' AND l.day BETWEEN start_day AND end_day
  GROUP BY l.business_id, b.name, l.product_id, l.item_name
  ORDER BY b.name, l.business_id, sum(l.total) DESC, l.item_name, l.product_id
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.tips_by_staff(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, staff_id integer, staff text, tickets bigint, gross_sales bigint, tips bigint, tip_rate numeric)
LANGUAGE sql STABLE AS $f$
  WITH lines AS (
    SELECT l.ticket_id, sum(l.total) AS sales FROM reports.sales_lines l WHERE l.day BETWEEN start_day AND end_day GROUP BY l.ticket_id
  ), t AS (
    SELECT k.id, k.business_id, k.staff_id, k.tips, coalesce(x.sales, 0) AS sales
    FROM reports.tickets k LEFT JOIN lines x ON x.ticket_id = k.id WHERE k.day BETWEEN start_day AND end_day
  )
  SELECT t.business_id, b.name, t.staff_id, reports.staff_label(t.staff_id, s.display_name), count(*)::bigint, sum(t.sales)::bigint, sum(t.tips)::bigint,
    CASE WHEN sum(t.sales) = 0 THEN 0 ELSE round(sum(t.tips) * 100.0 / sum(t.sales), 1) END
  FROM t JOIN reports.businesses b ON b.id = t.business_id LEFT JOIN reports.staff s ON s.id = t.staff_id
  GROUP BY t.business_id, b.name, t.staff_id, s.display_name
  ORDER BY b.name, t.business_id, sum(t.tips) DESC, t.staff_id NULLS LAST
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.customer_visits(start_day date, end_day date, min_visits integer DEFAULT 1)
RETURNS TABLE (business_id integer, location text, customer_id integer, customer text, phone text, visits bigint, first_visit date, last_visit date, spent bigint, average_ticket bigint)
LANGUAGE sql STABLE AS $f$
  WITH lines AS (
    SELECT l.ticket_id, sum(l.total) AS sales FROM reports.sales_lines l WHERE l.day BETWEEN start_day AND end_day GROUP BY l.ticket_id
  ), t AS (
    SELECT k.id, k.business_id, k.customer_id, k.day, coalesce(x.sales, 0) AS sales
    FROM reports.tickets k LEFT JOIN lines x ON x.ticket_id = k.id WHERE k.customer_id IS NOT NULL AND k.day BETWEEN start_day AND end_day
  )
  SELECT t.business_id, b.name, t.customer_id, coalesce(c.name, c.phone, 'Customer #' || t.customer_id), c.phone, count(*)::bigint, min(t.day), max(t.day),
    sum(t.sales)::bigint, round(sum(t.sales)::numeric / count(*))::bigint
  FROM t JOIN reports.businesses b ON b.id = t.business_id LEFT JOIN reports.customers c ON c.id = t.customer_id
  GROUP BY t.business_id, b.name, t.customer_id, c.name, c.phone
  HAVING count(*) >= coalesce(min_visits, 1)
  ORDER BY b.name, t.business_id, count(*) DESC, sum(t.sales) DESC, t.customer_id
$f$;
--> statement-breakpoint
-- Prepaid (gift cards and packages): sold = gross sales of gift card lines, redeemed = what
-- completed tickets took as gift card; the balance is everything sold less everything redeemed
-- up to a day. `by_day` gives one row per day, else one per location (`day` null).
CREATE FUNCTION reports.prepaid_balance(start_day date, end_day date, by_day boolean DEFAULT false)
RETURNS TABLE (business_id integer, location text, day date, opening_balance bigint, sold bigint, redeemed bigint, closing_balance bigint)
LANGUAGE sql STABLE AS $f$
  WITH moves AS (
    SELECT l.business_id, l.day, sum(l.total) AS sold, 0::bigint AS redeemed FROM reports.sales_lines l WHERE l.kind = 'giftcard' AND l.day <= end_day GROUP BY l.business_id, l.day
    UNION ALL
    SELECT k.business_id, k.day, 0, sum(k.gift) FROM reports.tickets k WHERE k.gift <> 0 AND k.day <= end_day GROUP BY k.business_id, k.day
  ), daily AS (
    SELECT m.business_id, m.day, sum(m.sold)::bigint AS sold, sum(m.redeemed)::bigint AS redeemed FROM moves m GROUP BY m.business_id, m.day
  ), opening AS (
    SELECT b.id AS business_id, b.name, coalesce((SELECT sum(d.sold - d.redeemed) FROM daily d WHERE d.business_id = b.id AND d.day < start_day), 0)::bigint AS balance
    FROM reports.businesses b
  ), days AS (
    SELECT o.business_id, o.name, o.balance, g::date AS day, coalesce(d.sold, 0) AS sold, coalesce(d.redeemed, 0) AS redeemed
    FROM opening o CROSS JOIN generate_series(start_day, end_day, interval '1 day') g
    LEFT JOIN daily d ON d.business_id = o.business_id AND d.day = g::date
  ), running AS (
    SELECT x.*, x.balance + sum(x.sold - x.redeemed) OVER (PARTITION BY x.business_id ORDER BY x.day) AS closing FROM days x
  )
  SELECT r.business_id, r.name, r.day, (r.closing - r.sold + r.redeemed)::bigint, r.sold::bigint, r.redeemed::bigint, r.closing::bigint
  FROM running r WHERE by_day
  UNION ALL
  SELECT o.business_id, o.name, NULL::date, o.balance, coalesce(sum(d.sold), 0)::bigint, coalesce(sum(d.redeemed), 0)::bigint, (o.balance + coalesce(sum(d.sold - d.redeemed), 0))::bigint
  FROM opening o LEFT JOIN daily d ON d.business_id = o.business_id AND d.day BETWEEN start_day AND end_day
  WHERE NOT by_day
  GROUP BY o.business_id, o.name, o.balance
  ORDER BY 2, 1, 3
$f$;
--> statement-breakpoint
-- A visit is a completed ticket; a staff member's visits are those with a line credited to them.
CREATE FUNCTION reports.staff_sales_by_visit(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, staff_id integer, staff text, visits bigint, service_sales bigint, retail_sales bigint, prepaid_sales bigint, gross_sales bigint, per_visit bigint)
LANGUAGE sql STABLE AS $f$
  SELECT l.business_id, b.name, l.staff_id, reports.staff_label(l.staff_id, s.display_name), count(DISTINCT l.ticket_id)::bigint,
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'service'), 0)::bigint,
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'product'), 0)::bigint,
    coalesce(sum(l.total) FILTER (WHERE l.kind = 'giftcard'), 0)::bigint,
    sum(l.total)::bigint, round(sum(l.total)::numeric / count(DISTINCT l.ticket_id))::bigint
  FROM reports.sales_lines l JOIN reports.businesses b ON b.id = l.business_id LEFT JOIN reports.staff s ON s.id = l.staff_id
  WHERE l.day BETWEEN start_day AND end_day
  GROUP BY l.business_id, b.name, l.staff_id, s.display_name
  ORDER BY b.name, l.business_id, sum(l.total) DESC, l.staff_id NULLS LAST
$f$;
--> statement-breakpoint
CREATE FUNCTION reports.staff_visits(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, day date, ticket_id integer, staff_id integer, staff text, customer text, service_sales bigint, retail_sales bigint, prepaid_sales bigint, gross_sales bigint)
LANGUAGE sql STABLE AS $f$
  WITH v AS (
    SELECT l.business_id, l.day, l.ticket_id, l.staff_id,
      coalesce(sum(l.total) FILTER (WHERE l.kind = 'service'), 0)::bigint AS service_sales,
      coalesce(sum(l.total) FILTER (WHERE l.kind = 'product'), 0)::bigint AS retail_sales,
      coalesce(sum(l.total) FILTER (WHERE l.kind = 'giftcard'), 0)::bigint AS prepaid_sales,
      sum(l.total)::bigint AS gross_sales
    FROM reports.sales_lines l
    WHERE l.day BETWEEN start_day AND end_day
    GROUP BY l.business_id, l.day, l.ticket_id, l.staff_id
  )
  SELECT v.business_id, b.name, v.day, v.ticket_id, v.staff_id, reports.staff_label(v.staff_id, s.display_name), c.name,
    v.service_sales, v.retail_sales, v.prepaid_sales, v.gross_sales
  FROM v
  JOIN reports.businesses b ON b.id = v.business_id
  JOIN reports.tickets k ON k.id = v.ticket_id
  LEFT JOIN reports.staff s ON s.id = v.staff_id
  LEFT JOIN reports.customers c ON c.id = k.customer_id
  ORDER BY b.name, v.business_id, v.day, v.ticket_id, v.staff_id NULLS LAST
$f$;
--> statement-breakpoint
DO $grants$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'reports' AND p.proname NOT IN ('scope')
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO salondesk_reporting', f);
  END LOOP;
END
$grants$;
