-- Issue 28 (docs/decisions/0044-deposits-and-balances.md): a deposit at booking, the balance later. A property may
-- have its own payment terms (null: the site's, in settings); a booking copies the terms in force when made, its
-- balance, due date and where the balance stands; the guest's card saved for the balance (Stripe ids only); when each
-- reminder went. Every payment a booking receives becomes a row of booking_payments (its sum is paid_cents), so a
-- refund can be spread over them.
ALTER TABLE "properties" ADD COLUMN "payment_terms" jsonb;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_payment_terms_check" CHECK ("properties"."payment_terms" is null or jsonb_typeof("properties"."payment_terms") = 'object');
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_terms" jsonb;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_due_date" date;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_status" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_auto_charge" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stripe_customer_id" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stripe_payment_method_id" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_reminded_soon_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_reminded_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_charged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_balance_check" CHECK ("bookings"."balance_status" in ('none', 'due', 'paid', 'overdue', 'waived') and "bookings"."balance_cents" >= 0 and "bookings"."balance_cents" <= "bookings"."total_cents" and ("bookings"."balance_cents" = 0 or "bookings"."balance_due_date" is not null));
--> statement-breakpoint
CREATE INDEX "bookings_balance_open_idx" ON "bookings" USING btree ("balance_due_date") WHERE "bookings"."balance_status" in ('due', 'overdue');
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "purpose" text DEFAULT 'booking' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_purpose_check" CHECK ("payment_attempts"."purpose" in ('booking', 'balance'));
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_cents" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_kind_check" CHECK ("kind" in ('full', 'deposit', 'balance', 'recorded')),
	CONSTRAINT "booking_payments_method_check" CHECK ("method" in ('stripe', 'paypal', 'cash', 'bank_transfer', 'card_terminal')),
	CONSTRAINT "booking_payments_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id", "received_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_reference_key" ON "booking_payments" USING btree ("method", "reference") WHERE "reference" is not null;
--> statement-breakpoint
-- What was received before: one row per booking, under its payment's reference.
INSERT INTO "booking_payments" ("booking_id", "kind", "method", "reference", "amount_cents", "received_at")
SELECT "id", 'full', "payment_method", "payment_reference", "paid_cents", coalesce("confirmed_at", "created_at")
FROM "bookings" WHERE "paid_cents" > 0 AND "payment_method" in ('stripe', 'paypal');
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "booking_payments" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
