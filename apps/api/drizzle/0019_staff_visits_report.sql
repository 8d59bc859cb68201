-- The staff visit report (issue 12, `staffvisitdata`): who the customers of each staff member's
-- visits were. A visit is what `reports.staff_visits` says (a completed ticket with a line
-- credited to the staff member, with what they sold on it); these functions add customer facts
-- to it and never read the sales a second way (core's `VISIT_FIGURES`).
-- * A customer is new on a visit when its ticket is their first completed ticket at the location
--   (the earliest checkout day, then the lowest ticket number).
-- * The tips of a ticket belong to the staff member who checked it out, as in `reports.tips_by_staff`:
--   a visit shows them when that is its staff member.
CREATE FUNCTION reports.staff_visit_customers(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, day date, ticket_id integer, staff_id integer, staff text, customer_id integer, customer text, new_customer boolean,
  service_sales bigint, retail_sales bigint, prepaid_sales bigint, gross_sales bigint, tips bigint)
LANGUAGE sql STABLE AS $f$
  WITH firsts AS (
    SELECT DISTINCT ON (p.business_id, p.customer_id) p.id
    FROM reports.tickets p
    WHERE p.customer_id IS NOT NULL AND p.day <= end_day
    ORDER BY p.business_id, p.customer_id, p.day, p.id
  )
  SELECT v.business_id, v.location, v.day, v.ticket_id, v.staff_id, v.staff, k.customer_id, v.customer,
    f.id IS NOT NULL, v.service_sales, v.retail_sales, v.prepaid_sales, v.gross_sales,
    (CASE WHEN k.staff_id IS NOT DISTINCT FROM v.staff_id THEN k.tips ELSE 0 END)::bigint
  FROM reports.staff_visits(start_day, end_day) v
  JOIN reports.tickets k ON k.id = v.ticket_id
  LEFT JOIN firsts f ON f.id = k.id
  ORDER BY v.location, v.business_id, v.day, v.ticket_id, v.staff_id NULLS LAST
$f$;
--> statement-breakpoint
-- Per staff member: visits, different customers, new ones (a visit of theirs was the customer's
-- first) and returning ones (the rest); the row `all_staff` counts each visit and customer once.
CREATE FUNCTION reports.staff_customers(start_day date, end_day date)
RETURNS TABLE (business_id integer, location text, staff_id integer, staff text, all_staff boolean, visits bigint, customers bigint, new_customers bigint, returning_customers bigint)
LANGUAGE sql STABLE AS $f$
  SELECT c.business_id, max(c.location), c.staff_id,
    CASE WHEN grouping(c.staff_id) = 1 THEN 'All staff' ELSE max(c.staff) END,
    grouping(c.staff_id) = 1,
    count(DISTINCT c.ticket_id)::bigint,
    count(DISTINCT c.customer_id)::bigint,
    (count(DISTINCT c.customer_id) FILTER (WHERE c.new_customer))::bigint,
    (count(DISTINCT c.customer_id) - count(DISTINCT c.customer_id) FILTER (WHERE c.new_customer))::bigint
  FROM reports.staff_visit_customers(start_day, end_day) c
  GROUP BY GROUPING SETS ((c.business_id, c.staff_id), (c.business_id))
  ORDER BY max(c.location), c.business_id, grouping(c.staff_id), count(DISTINCT c.ticket_id) DESC, c.staff_id NULLS LAST
$f$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION reports.staff_visit_customers(date, date), reports.staff_customers(date, date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION reports.staff_visit_customers(date, date), reports.staff_customers(date, date) TO salondesk_reporting;
