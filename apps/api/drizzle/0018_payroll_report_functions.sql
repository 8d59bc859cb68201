-- Payroll (issue 12): the sales of each staff member by item, for payroll's quantities by kind,
-- its sales before discount and its service detail. It reads only the reporting views, as every
-- report function does, and counts as `reports.sales_by_staff` does (live lines of completed
-- tickets on their checkout day, `total` = price × quantity − discount + tax), so its sums per
-- staff member are that function's figures (payroll.test.ts holds them to each other).
CREATE FUNCTION reports.staff_item_sales(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, staff_id integer, staff text, kind text, item_id integer, item text, quantity bigint, discounts bigint, gross_sales bigint)
LANGUAGE sql STABLE AS $f$
  SELECT l.business_id, b.name, l.staff_id, reports.staff_label(l.staff_id, s.display_name), l.kind,
    coalesce(l.service_id, l.product_id), l.item_name,
    sum(l.quantity)::bigint, sum(l.discount)::bigint, sum(l.total)::bigint
  FROM reports.sales_lines l JOIN reports.businesses b ON b.id = l.business_id LEFT JOIN reports.staff s ON s.id = l.staff_id
  WHERE l.day BETWEEN start_day AND end_day
  GROUP BY l.business_id, b.name, l.staff_id, s.display_name, l.kind, coalesce(l.service_id, l.product_id), l.item_name
  ORDER BY b.name, l.business_id, l.staff_id NULLS LAST, l.kind, sum(l.total) DESC, l.item_name, coalesce(l.service_id, l.product_id)
$f$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION reports.staff_item_sales(date, date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reports.staff_item_sales(date, date) TO salondesk_reporting;
