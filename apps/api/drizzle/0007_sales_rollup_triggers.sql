-- Daily sales rollups (sales_daily, sales_daily_items, sales_daily_staff) kept by statement-level
-- triggers with transition tables: whatever writes saleslogs, checkouts or refunds (a checkout,
-- a refund, a deletion, a staff or tender update, the demo seed, the generator, a cascade)
-- moves the rollups in the same transaction, once per statement however many rows it touched.
-- Each trigger sums the change (new rows +1, old rows -1, only live rows) per key and adds it
-- with an upsert in key order (the same lock order for every writer: no deadlock between two).
-- Rows of a business being deleted are skipped (its rollups go with it by cascade).

CREATE FUNCTION sales_rollup_source(op text, live text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT n.*, 1 AS sign FROM new_rows n WHERE %s', replace(live, '$.', 'n.'))
    WHEN 'DELETE' THEN format('SELECT o.*, -1 AS sign FROM old_rows o WHERE %s', replace(live, '$.', 'o.'))
    ELSE format('SELECT n.*, 1 AS sign FROM new_rows n WHERE %s UNION ALL SELECT o.*, -1 AS sign FROM old_rows o WHERE %s',
      replace(live, '$.', 'n.'), replace(live, '$.', 'o.'))
  END
$f$;
--> statement-breakpoint
CREATE FUNCTION sales_rollup_lines() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  src text := sales_rollup_source(TG_OP, 'NOT $.voided');
BEGIN
  EXECUTE format($q$
    INSERT INTO sales_daily AS r (business_id, day, lines, sales, subtotal, discounts, tax, services, products, giftcards, service_quantity, product_quantity)
    SELECT * FROM (
      SELECT d.business_id, d.day, sum(d.sign) AS lines, sum(d.sign * d.total) AS sales, sum(d.sign * d.price * d.quantity) AS subtotal,
        sum(d.sign * d.discount) AS discounts, sum(d.sign * d.tax) AS tax,
        coalesce(sum(d.sign * d.total) FILTER (WHERE d.kind = 'service'), 0) AS services,
        coalesce(sum(d.sign * d.total) FILTER (WHERE d.kind = 'product'), 0) AS products,
        coalesce(sum(d.sign * d.total) FILTER (WHERE d.kind = 'giftcard'), 0) AS giftcards,
        coalesce(sum(d.sign * d.quantity) FILTER (WHERE d.kind = 'service'), 0) AS service_quantity,
        coalesce(sum(d.sign * d.quantity) FILTER (WHERE d.kind = 'product'), 0) AS product_quantity
      FROM (%s) d JOIN businesses b ON b.id = d.business_id
      GROUP BY d.business_id, d.day
    ) g
    WHERE (g.lines, g.sales, g.subtotal, g.discounts, g.tax, g.services, g.products, g.giftcards, g.service_quantity, g.product_quantity)
      IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY g.business_id, g.day
    ON CONFLICT (business_id, day) DO UPDATE SET
      lines = r.lines + excluded.lines, sales = r.sales + excluded.sales, subtotal = r.subtotal + excluded.subtotal,
      discounts = r.discounts + excluded.discounts, tax = r.tax + excluded.tax, services = r.services + excluded.services,
      products = r.products + excluded.products, giftcards = r.giftcards + excluded.giftcards,
      service_quantity = r.service_quantity + excluded.service_quantity, product_quantity = r.product_quantity + excluded.product_quantity
  $q$, src);
  EXECUTE format($q$
    INSERT INTO sales_daily_items AS r (business_id, day, kind, name, lines, quantity, total)
    SELECT * FROM (
      SELECT d.business_id, d.day, d.kind, d.name, sum(d.sign) AS lines, sum(d.sign * d.quantity) AS quantity, sum(d.sign * d.total) AS total
      FROM (%s) d JOIN businesses b ON b.id = d.business_id
      GROUP BY d.business_id, d.day, d.kind, d.name
    ) g
    WHERE (g.lines, g.quantity, g.total) IS DISTINCT FROM (0, 0, 0)
    ORDER BY g.business_id, g.day, g.kind, g.name
    ON CONFLICT (business_id, day, kind, name) DO UPDATE SET
      lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, total = r.total + excluded.total
  $q$, src);
  EXECUTE format($q$
    INSERT INTO sales_daily_staff AS r (business_id, day, employee_id, lines, quantity, total)
    SELECT * FROM (
      SELECT d.business_id, d.day, d.employee_id, sum(d.sign) AS lines, sum(d.sign * d.quantity) AS quantity, sum(d.sign * d.total) AS total
      FROM (%s) d JOIN businesses b ON b.id = d.business_id
      GROUP BY d.business_id, d.day, d.employee_id
    ) g
    WHERE (g.lines, g.quantity, g.total) IS DISTINCT FROM (0, 0, 0)
    ORDER BY g.business_id, g.day, g.employee_id NULLS FIRST
    ON CONFLICT ON CONSTRAINT sales_daily_staff_key DO UPDATE SET
      lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, total = r.total + excluded.total
  $q$, src);
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION sales_rollup_checkouts() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  EXECUTE format($q$
    INSERT INTO sales_daily AS r (business_id, day, tickets, tips, cash, credit, gift)
    SELECT * FROM (
      SELECT d.business_id, d.checkout_day AS day, sum(d.sign) AS tickets, sum(d.sign * d.tipamount) AS tips,
        sum(d.sign * d.cashamount) AS cash, sum(d.sign * d.creditamount) AS credit, sum(d.sign * d.giftamount) AS gift
      FROM (%s) d JOIN businesses b ON b.id = d.business_id
      GROUP BY d.business_id, d.checkout_day
    ) g
    WHERE (g.tickets, g.tips, g.cash, g.credit, g.gift) IS DISTINCT FROM (0, 0, 0, 0, 0)
    ORDER BY g.business_id, g.day
    ON CONFLICT (business_id, day) DO UPDATE SET
      tickets = r.tickets + excluded.tickets, tips = r.tips + excluded.tips,
      cash = r.cash + excluded.cash, credit = r.credit + excluded.credit, gift = r.gift + excluded.gift
  $q$, sales_rollup_source(TG_OP, '$.voided_at IS NULL'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION sales_rollup_refunds() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  EXECUTE format($q$
    INSERT INTO sales_daily AS r (business_id, day, refunds)
    SELECT * FROM (
      SELECT d.business_id, d.day, sum(d.sign * d.amount) AS refunds
      FROM (%s) d JOIN businesses b ON b.id = d.business_id
      GROUP BY d.business_id, d.day
    ) g
    WHERE g.refunds <> 0
    ORDER BY g.business_id, g.day
    ON CONFLICT (business_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds
  $q$, sales_rollup_source(TG_OP, 'true'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER saleslogs_rollup_insert AFTER INSERT ON saleslogs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_lines();
--> statement-breakpoint
CREATE TRIGGER saleslogs_rollup_update AFTER UPDATE ON saleslogs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_lines();
--> statement-breakpoint
CREATE TRIGGER saleslogs_rollup_delete AFTER DELETE ON saleslogs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_lines();
--> statement-breakpoint
CREATE TRIGGER checkouts_rollup_insert AFTER INSERT ON checkouts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_checkouts();
--> statement-breakpoint
CREATE TRIGGER checkouts_rollup_update AFTER UPDATE ON checkouts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_checkouts();
--> statement-breakpoint
CREATE TRIGGER checkouts_rollup_delete AFTER DELETE ON checkouts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_checkouts();
--> statement-breakpoint
CREATE TRIGGER refunds_rollup_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_refunds();
--> statement-breakpoint
CREATE TRIGGER refunds_rollup_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_refunds();
--> statement-breakpoint
CREATE TRIGGER refunds_rollup_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_refunds();
--> statement-breakpoint
-- Rows written before the triggers existed.
INSERT INTO sales_daily AS r (business_id, day, lines, sales, subtotal, discounts, tax, services, products, giftcards, service_quantity, product_quantity)
SELECT business_id, day, count(*), sum(total), sum(price * quantity), sum(discount), sum(tax),
  coalesce(sum(total) FILTER (WHERE kind = 'service'), 0), coalesce(sum(total) FILTER (WHERE kind = 'product'), 0),
  coalesce(sum(total) FILTER (WHERE kind = 'giftcard'), 0), coalesce(sum(quantity) FILTER (WHERE kind = 'service'), 0),
  coalesce(sum(quantity) FILTER (WHERE kind = 'product'), 0)
FROM saleslogs WHERE NOT voided GROUP BY business_id, day;
--> statement-breakpoint
INSERT INTO sales_daily AS r (business_id, day, tickets, tips, cash, credit, gift)
SELECT business_id, checkout_day, count(*), sum(tipamount), sum(cashamount), sum(creditamount), sum(giftamount)
FROM checkouts WHERE voided_at IS NULL GROUP BY business_id, checkout_day
ON CONFLICT (business_id, day) DO UPDATE SET tickets = excluded.tickets, tips = excluded.tips, cash = excluded.cash, credit = excluded.credit, gift = excluded.gift;
--> statement-breakpoint
INSERT INTO sales_daily AS r (business_id, day, refunds)
SELECT business_id, day, sum(amount) FROM refunds GROUP BY business_id, day
ON CONFLICT (business_id, day) DO UPDATE SET refunds = excluded.refunds;
--> statement-breakpoint
INSERT INTO sales_daily_items (business_id, day, kind, name, lines, quantity, total)
SELECT business_id, day, kind, name, count(*), sum(quantity), sum(total) FROM saleslogs WHERE NOT voided GROUP BY business_id, day, kind, name;
--> statement-breakpoint
INSERT INTO sales_daily_staff (business_id, day, employee_id, lines, quantity, total)
SELECT business_id, day, employee_id, count(*), sum(quantity), sum(total) FROM saleslogs WHERE NOT voided GROUP BY business_id, day, employee_id;
