-- Prepaid card search (prepaid/search.ts, `prepaid/search`): one box over last 4, card number,
-- phone (by its end), email (by its start) and names, fast at 1,000,000 cards. pg_trgm is already
-- created by the ticket search migration; IF NOT EXISTS keeps this one independent of its order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "prepaid_cards_last4_idx" ON "prepaid_cards" USING btree ("last4", "id");--> statement-breakpoint
CREATE INDEX "prepaid_cards_number_prefix_idx" ON "prepaid_cards" USING btree ("card_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prepaid_cards_purchaser_phone_rev_idx" ON "prepaid_cards" USING btree (reverse("purchaser_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prepaid_cards_recipient_phone_rev_idx" ON "prepaid_cards" USING btree (reverse("recipient_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prepaid_cards_purchaser_email_idx" ON "prepaid_cards" USING btree (lower("purchaser_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prepaid_cards_recipient_email_idx" ON "prepaid_cards" USING btree (lower("recipient_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prepaid_cards_names_trgm_idx" ON "prepaid_cards" USING gin (lower("purchaser_name" || ' ' || "recipient_name") gin_trgm_ops);--> statement-breakpoint
-- Memberships by their member (the membership search's box).
CREATE INDEX "memberships_names_trgm_idx" ON "memberships" USING gin (lower("member_name" || ' ' || coalesce("member_email", '') || ' ' || coalesce("member_phone", '')) gin_trgm_ops);
