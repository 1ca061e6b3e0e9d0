-- Cancellation policy and refunds (decision 0019, docs/behaviour.md §10).
-- A property may have its own cancellation terms (null: the site's, kept in settings under 'cancellation_policy').
ALTER TABLE "properties" ADD COLUMN "cancellation_policy" jsonb;
--> statement-breakpoint
-- Each booking keeps the terms it was made under; bookings made before this migration get the default terms.
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb DEFAULT '{"free_until_days":14,"late_refund_percent":50}'::jsonb NOT NULL;
--> statement-breakpoint
-- Money received for the booking and money refunded (or being refunded) on it, in cents, kept in step with
-- payment_attempts and payment_refunds inside the transactions that change them.
ALTER TABLE "bookings" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "failed_refund_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_note" text;
--> statement-breakpoint
UPDATE "bookings" b SET "paid_cents" = coalesce((
  SELECT sum(a.amount_cents) FROM payment_attempts a WHERE a.booking_id = b.id AND a.status = 'paid'), 0);
--> statement-breakpoint
UPDATE "bookings" b SET "paid_cents" = greatest(b.paid_cents, b.total_cents)
  WHERE b.payment_reference IS NOT NULL AND b.payment_method <> 'on_site';
--> statement-breakpoint
-- Refund states are named as the API names them: 'refunded' becomes 'succeeded'.
UPDATE "payment_refunds" SET "status" = 'succeeded' WHERE "status" = 'refunded';
--> statement-breakpoint
UPDATE "bookings" SET "refund_status" = 'succeeded' WHERE "refund_status" = 'refunded';
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_status_check";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'));
--> statement-breakpoint
UPDATE "bookings" b SET
  "paid_cents" = greatest(b.paid_cents, coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.booking_id = b.id AND r.status <> 'failed'), 0)),
  "refunded_cents" = coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.booking_id = b.id AND r.status <> 'failed'), 0);
--> statement-breakpoint
-- The sum of a booking's refunds never passes what it received (every refund is added under the booking's lock).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refunds_within_paid" CHECK ("bookings"."refunded_cents" >= 0 AND "bookings"."refunded_cents" <= "bookings"."paid_cents");
--> statement-breakpoint
-- A payment may now be refunded in several parts (a goodwill gesture, then a cancellation): one row per refund,
-- each with its own key. The key of a refund owed for an unwanted payment is derived from that payment, so settling
-- the same payment twice owes it once; an admin's refund carries the Idempotency-Key of the click.
DROP INDEX "payment_refunds_payment_key";
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
UPDATE "payment_refunds" SET "idempotency_key" = 'payment-' || provider || '-' || payment_reference;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "payment_refunds_provider_refund_idx" ON "payment_refunds" USING btree ("provider_refund_id") WHERE "payment_refunds"."provider_refund_id" is not null;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "note" text;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_cents" > 0);
