-- Issue 18: the admin's reads cost the same at 50,000 and at 1,000,000 bookings (docs/decisions/0022-storage-instances-operations.md).
--
-- 1. The counters of the admin summary (and the admin bookings page's total), kept by the database as bookings change
--    instead of counted over the whole table at each call. Each statement that changes bookings appends its net change
--    as one row of booking_total_deltas (an insert: no row that concurrent bookings would wait on, so no contention and
--    no deadlock); the hourly housekeeping folds the deltas into the one row of booking_totals. A read sums that row
--    and the deltas not folded yet, in one snapshot. Bookings are never deleted, but a delete counts.
-- No booking may be written between the first count and the triggers (an instance of the previous version, meanwhile).
LOCK TABLE "bookings" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "booking_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"bookings" bigint DEFAULT 0 NOT NULL,
	"confirmed" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_pending" bigint DEFAULT 0 NOT NULL,
	"refunds_pending_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_failed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_totals_one_row" CHECK ("booking_totals"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "booking_total_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"bookings" bigint NOT NULL,
	"confirmed" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"cancelled" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"received_cents" bigint NOT NULL,
	"refunds_pending" bigint NOT NULL,
	"refunds_pending_cents" bigint NOT NULL,
	"refunds_failed" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "booking_totals" SELECT 1,
  count(*),
  count(*) FILTER (WHERE status = 'confirmed'),
  count(*) FILTER (WHERE status = 'pending'),
  count(*) FILTER (WHERE status = 'cancelled'),
  coalesce(sum(total_cents) FILTER (WHERE status = 'confirmed'), 0),
  coalesce(sum(paid_cents - refunded_cents), 0),
  count(*) FILTER (WHERE refund_status = 'pending'),
  coalesce(sum(refunded_cents) FILTER (WHERE refund_status = 'pending'), 0),
  count(*) FILTER (WHERE refund_status = 'failed')
FROM bookings;
--> statement-breakpoint
-- The net change of one statement (its new rows counted +1, its old rows −1), appended as one row; nothing when it
-- changes no counted value (a hold extended, a note written). One static statement per event: transition tables.
CREATE OR REPLACE FUNCTION booking_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_total_deltas (bookings, confirmed, pending, cancelled, revenue_cents, received_cents,
                                      refunds_pending, refunds_pending_cents, refunds_failed)
    SELECT * FROM (
      SELECT coalesce(sum(sign), 0) AS bookings,
             coalesce(sum(sign) FILTER (WHERE status = 'confirmed'), 0) AS confirmed,
             coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0) AS pending,
             coalesce(sum(sign) FILTER (WHERE status = 'cancelled'), 0) AS cancelled,
             coalesce(sum(sign * total_cents) FILTER (WHERE status = 'confirmed'), 0) AS revenue_cents,
             coalesce(sum(sign * (paid_cents - refunded_cents)), 0) AS received_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending,
             coalesce(sum(sign * refunded_cents) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'failed'), 0) AS refunds_failed
      FROM (SELECT 1 AS sign, status, total_cents, paid_cents, refunded_cents, refund_status FROM new_rows) changed
    ) d
    WHERE (d.bookings, d.confirmed, d.pending, d.cancelled, d.revenue_cents, d.received_cents, d.refunds_pending,
           d.refunds_pending_cents, d.refunds_failed) <> (0, 0, 0, 0, 0, 0, 0, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_total_deltas (bookings, confirmed, pending, cancelled, revenue_cents, received_cents,
                                      refunds_pending, refunds_pending_cents, refunds_failed)
    SELECT * FROM (
      SELECT coalesce(sum(sign), 0) AS bookings,
             coalesce(sum(sign) FILTER (WHERE status = 'confirmed'), 0) AS confirmed,
             coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0) AS pending,
             coalesce(sum(sign) FILTER (WHERE status = 'cancelled'), 0) AS cancelled,
             coalesce(sum(sign * total_cents) FILTER (WHERE status = 'confirmed'), 0) AS revenue_cents,
             coalesce(sum(sign * (paid_cents - refunded_cents)), 0) AS received_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending,
             coalesce(sum(sign * refunded_cents) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'failed'), 0) AS refunds_failed
      FROM (SELECT -1 AS sign, status, total_cents, paid_cents, refunded_cents, refund_status FROM old_rows) changed
    ) d
    WHERE (d.bookings, d.confirmed, d.pending, d.cancelled, d.revenue_cents, d.received_cents, d.refunds_pending,
           d.refunds_pending_cents, d.refunds_failed) <> (0, 0, 0, 0, 0, 0, 0, 0, 0);
  ELSE
    INSERT INTO booking_total_deltas (bookings, confirmed, pending, cancelled, revenue_cents, received_cents,
                                      refunds_pending, refunds_pending_cents, refunds_failed)
    SELECT * FROM (
      SELECT coalesce(sum(sign), 0) AS bookings,
             coalesce(sum(sign) FILTER (WHERE status = 'confirmed'), 0) AS confirmed,
             coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0) AS pending,
             coalesce(sum(sign) FILTER (WHERE status = 'cancelled'), 0) AS cancelled,
             coalesce(sum(sign * total_cents) FILTER (WHERE status = 'confirmed'), 0) AS revenue_cents,
             coalesce(sum(sign * (paid_cents - refunded_cents)), 0) AS received_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending,
             coalesce(sum(sign * refunded_cents) FILTER (WHERE refund_status = 'pending'), 0) AS refunds_pending_cents,
             coalesce(sum(sign) FILTER (WHERE refund_status = 'failed'), 0) AS refunds_failed
      FROM (SELECT 1 AS sign, status, total_cents, paid_cents, refunded_cents, refund_status FROM new_rows UNION ALL SELECT -1 AS sign, status, total_cents, paid_cents, refunded_cents, refund_status FROM old_rows) changed
    ) d
    WHERE (d.bookings, d.confirmed, d.pending, d.cancelled, d.revenue_cents, d.received_cents, d.refunds_pending,
           d.refunds_pending_cents, d.refunds_failed) <> (0, 0, 0, 0, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_totals_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_delta();
--> statement-breakpoint
CREATE TRIGGER booking_totals_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_delta();
--> statement-breakpoint
CREATE TRIGGER booking_totals_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_delta();
--> statement-breakpoint
-- 2. The stays around a date (the admin's availability screen: who is in today, who arrives this week): arrivals from
--    MAX_STAY_DAYS before that date on, through this index, instead of every booking ever made.
CREATE INDEX "bookings_active_start_idx" ON "bookings" USING btree ("start_date") WHERE "bookings"."status" <> 'cancelled';
