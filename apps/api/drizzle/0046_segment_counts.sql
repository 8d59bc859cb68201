-- Issue 28 (segments): each segment's members as last counted over its locations, and when; the
-- segments list shows them with their age and the `segment.recount` job counts stale ones again.
ALTER TABLE "customer_segments" ADD COLUMN "member_count" integer;--> statement-breakpoint
ALTER TABLE "customer_segments" ADD COLUMN "counted_at" timestamp with time zone;