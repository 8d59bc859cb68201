-- Ticket search (transactions/search.ts): trigram indexes for names need pg_trgm (a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "customers_business_phone_digits_rev_idx" ON "customers" USING btree ("business_id",reverse("phone_digits") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower(coalesce("firstname", '') || ' ' || coalesce("lastname", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queue_business_day_checkin_idx" ON "queue" USING btree ("business_id","day","checkin_at","id");