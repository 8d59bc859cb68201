-- Issue 14: on-hand is the sum of the stock ledger. Each product's stored count is carried over
-- once as its opening count (an exact count, OTHER), dated today in its business's time zone.
INSERT INTO public.stock_movements (business_id, product_id, reason, source, quantity, delta, on_hand, unit_cost, note, day)
SELECT p.business_id, p.id, 'OTHER', 'opening', p.stock, p.stock, p.stock, p.cost, 'Count carried over from the product''s stored stock',
  (now() AT TIME ZONE coalesce(b.timezone, 'America/Los_Angeles'))::date
FROM public.products p
JOIN public.businesses b ON b.id = p.business_id
WHERE p.stock > 0
  AND NOT EXISTS (SELECT 1 FROM public.stock_movements m WHERE m.product_id = p.id);
--> statement-breakpoint
UPDATE public.products SET stock = 0 WHERE stock <> 0;
--> statement-breakpoint
-- The reports view reads the ledger: `stock` (kept for saved reports) is on-hand rounded to whole
-- units, `on_hand` the exact quantity in the product's `unit`.
CREATE OR REPLACE VIEW reports.products WITH (security_barrier) AS
SELECT p.id, p.business_id, p.category_id, c.name AS category_name, p.name, p.price, p.cost,
  round(coalesce(m.on_hand, 0))::integer AS stock,
  p.productstatus AS status, p.deleted_at IS NOT NULL AS deleted,
  coalesce(m.on_hand, 0)::numeric(14, 3) AS on_hand, p.unit
FROM public.products p
JOIN public.categories c ON c.id = p.category_id
LEFT JOIN (SELECT product_id, sum(delta) AS on_hand FROM public.stock_movements GROUP BY product_id) m ON m.product_id = p.id
WHERE p.business_id = ANY ((SELECT reports.scope())::integer[]);
