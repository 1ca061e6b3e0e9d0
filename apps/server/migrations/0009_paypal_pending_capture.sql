-- A PayPal capture answered PENDING (an eCheck, a review) keeps its attempt open until PayPal says COMPLETED or
-- DENIED (decision 0015): the attempt records the capture's id (PayPal's webhooks name the capture) and its last
-- known status, so the hold job leaves it alone and the webhook and reconciliation settle it.
ALTER TABLE "payment_attempts" ADD COLUMN "capture_id" text;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "capture_status" text;
--> statement-breakpoint
CREATE INDEX "payment_attempts_capture_idx" ON "payment_attempts" USING btree ("capture_id") WHERE "payment_attempts"."capture_id" is not null;
