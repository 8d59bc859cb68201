-- Refunds and history entries are dated when they happen (issue 9): until now a refund was booked
-- to its ticket's business day and a history entry carried the ticket's day, whatever day the
-- refund or the change was made. Existing rows get the business day of their own instant, in
-- their business's time zone. No instant is later than now (demo refunds were written two hours
-- after a checkout, which could still be ahead of the clock). Moving a refund's day moves the
-- daily rollups with it: the refunds update trigger (0007) takes it off the old day and adds it
-- to the new one, in this same transaction.
UPDATE refunds r SET
  created_at = least(r.created_at, now()),
  day = (least(r.created_at, now()) AT TIME ZONE b.timezone)::date
FROM businesses b
WHERE b.id = r.business_id
  AND (r.created_at > now() OR r.day <> (r.created_at AT TIME ZONE b.timezone)::date);
--> statement-breakpoint
UPDATE transaction_history h SET
  created_at = least(h.created_at, now()),
  day = (least(h.created_at, now()) AT TIME ZONE b.timezone)::date
FROM businesses b
WHERE b.id = h.business_id
  AND (h.created_at > now() OR h.day <> (h.created_at AT TIME ZONE b.timezone)::date);
