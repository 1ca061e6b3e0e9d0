-- Issue 30 (docs/decisions/0045-reports.md): what a report reads, read from indexes alone.
-- The confirmed stays sharing a night with a period, with what a report spreads over their nights: an index-only scan
-- per period. Through the overlap constraint's index (room, nights) a period's stays cost what the whole table holds:
-- its leaves are grouped by room first, so a search by nights alone visits most of them.
CREATE INDEX "bookings_confirmed_nights_idx" ON "bookings" USING gist (daterange("start_date", "end_date", '[)')) INCLUDE ("room_id", "start_date", "end_date", "total_cents", "fees_cents", "taxes_cents") WHERE "bookings"."status" = 'confirmed';
--> statement-breakpoint
-- A year's whole months, read from the rollup's index alone.
DROP INDEX IF EXISTS "report_room_months_month_idx";
--> statement-breakpoint
CREATE INDEX "report_room_months_month_idx" ON "report_room_months" USING btree ("month") INCLUDE ("room_id", "nights_sold", "rent_cents", "fees_cents", "taxes_cents", "arrivals", "cancellations", "stay_nights", "lead_days", "stripe", "paypal", "on_site");
--> statement-breakpoint
-- The stays arriving in a period (a report's bookings, cancellations, lengths, lead times and payment methods), read
-- from the arrivals' index alone.
DROP INDEX IF EXISTS "bookings_start_idx";
--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_date") INCLUDE ("room_id", "status", "end_date", "booked_on", "payment_method", "confirmed_at");
