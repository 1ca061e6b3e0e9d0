-- Issue 30 (docs/decisions/0045-reports.md): what the monthly reports read, kept up to date by a trigger on bookings
-- so a year's report reads rooms × months rows whatever the number of bookings. Per room and month: the nights of
-- confirmed stays and their rent, fees and taxes spread over their nights (cumulative rounding, so a stay's parts add up
-- to its amounts), and the stays arriving that month: confirmed ones (count, nights, days booked ahead, payment
-- method) and cancellations (stays that had been confirmed). A booking's row is taken out as it was and put back as it
-- is on every change of what it counts. `booked_on` is the site's date a booking was made (the app writes it; rows
-- made before this migration get their UTC date).
ALTER TABLE "bookings" ADD COLUMN "booked_on" date;
--> statement-breakpoint
UPDATE "bookings" SET "booked_on" = ("created_at" AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booked_on" SET DEFAULT ((now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booked_on" SET NOT NULL;
--> statement-breakpoint
-- A report's arrivals (and a cut month's) are read by arrival date.
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_date");
--> statement-breakpoint
CREATE TABLE "report_room_months" (
	"room_id" uuid NOT NULL REFERENCES "rooms"("id"),
	"month" date NOT NULL,
	"nights_sold" integer DEFAULT 0 NOT NULL,
	"rent_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"taxes_cents" bigint DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"stay_nights" integer DEFAULT 0 NOT NULL,
	"lead_days" bigint DEFAULT 0 NOT NULL,
	"stripe" integer DEFAULT 0 NOT NULL,
	"paypal" integer DEFAULT 0 NOT NULL,
	"on_site" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_room_months_pkey" PRIMARY KEY ("room_id", "month")
);
--> statement-breakpoint
CREATE INDEX "report_room_months_month_idx" ON "report_room_months" USING btree ("month");
--> statement-breakpoint
CREATE FUNCTION "report_apply"(b "bookings", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	n integer := b.end_date - b.start_date;
	rent numeric := b.total_cents - b.fees_cents - b.taxes_cents;
	m date := date_trunc('month', b.start_date)::date;
	next_m date;
	upto integer;
	before integer;
BEGIN
	IF b.status = 'confirmed' THEN
		WHILE m < b.end_date LOOP
			next_m := (m + interval '1 month')::date;
			upto := least(n, next_m - b.start_date);
			before := greatest(0, m - b.start_date);
			INSERT INTO report_room_months AS r (room_id, month, nights_sold, rent_cents, fees_cents, taxes_cents)
			VALUES (b.room_id, m, sign * (upto - before),
				sign * (round(rent * upto / n) - round(rent * before / n)),
				sign * (round(b.fees_cents::numeric * upto / n) - round(b.fees_cents::numeric * before / n)),
				sign * (round(b.taxes_cents::numeric * upto / n) - round(b.taxes_cents::numeric * before / n)))
			ON CONFLICT (room_id, month) DO UPDATE SET
				nights_sold = r.nights_sold + excluded.nights_sold,
				rent_cents = r.rent_cents + excluded.rent_cents,
				fees_cents = r.fees_cents + excluded.fees_cents,
				taxes_cents = r.taxes_cents + excluded.taxes_cents;
			m := next_m;
		END LOOP;
		INSERT INTO report_room_months AS r (room_id, month, arrivals, stay_nights, lead_days, stripe, paypal, on_site)
		VALUES (b.room_id, date_trunc('month', b.start_date)::date, sign, sign * n, sign * (b.start_date - b.booked_on),
			CASE WHEN b.payment_method = 'stripe' THEN sign ELSE 0 END,
			CASE WHEN b.payment_method = 'paypal' THEN sign ELSE 0 END,
			CASE WHEN b.payment_method = 'on_site' THEN sign ELSE 0 END)
		ON CONFLICT (room_id, month) DO UPDATE SET
			arrivals = r.arrivals + excluded.arrivals,
			stay_nights = r.stay_nights + excluded.stay_nights,
			lead_days = r.lead_days + excluded.lead_days,
			stripe = r.stripe + excluded.stripe,
			paypal = r.paypal + excluded.paypal,
			on_site = r.on_site + excluded.on_site;
	ELSIF b.status = 'cancelled' AND b.confirmed_at IS NOT NULL THEN
		INSERT INTO report_room_months AS r (room_id, month, cancellations)
		VALUES (b.room_id, date_trunc('month', b.start_date)::date, sign)
		ON CONFLICT (room_id, month) DO UPDATE SET cancellations = r.cancellations + excluded.cancellations;
	END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM report_apply(OLD, -1);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM report_apply(NEW, 1);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_capture" AFTER INSERT OR DELETE OR UPDATE OF "status", "room_id", "start_date", "end_date", "total_cents", "fees_cents", "taxes_cents", "payment_method", "confirmed_at", "booked_on" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "report_capture"();
--> statement-breakpoint
-- The bookings already made, counted once.
SELECT report_apply(b, 1) FROM "bookings" b WHERE b.status = 'confirmed' OR (b.status = 'cancelled' AND b.confirmed_at IS NOT NULL);
