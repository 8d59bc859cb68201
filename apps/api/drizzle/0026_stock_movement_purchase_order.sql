-- A NEWSTOCK movement written by receiving names its purchase order: the link is a foreign key
-- (here, not in the Drizzle schema: the purchase-order tables import the inventory ones, and a
-- reference back would make the two schema modules import each other). Movements of a purchase
-- order deleted some day keep their history and lose only the link.
UPDATE public.stock_movements m SET purchase_order_id = NULL
WHERE m.purchase_order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.purchase_orders p WHERE p.id = m.purchase_order_id);
--> statement-breakpoint
ALTER TABLE public.stock_movements ADD CONSTRAINT stock_movements_purchase_order_id_fkey
  FOREIGN KEY (purchase_order_id) REFERENCES public.purchase_orders(id) ON DELETE SET NULL;
