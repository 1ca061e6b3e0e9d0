-- Issue 18: the admin's reads cost the same at 50,000 and at 1,000,000 bookings (docs/decisions/0022-storage-instances-operations.md).
--
-- 1. The counters of the admin summary (and the admin bookings page's total) kept by the database as bookings change,
--    instead of counted over the whole table at each call. Sixteen rows (shards): a transaction adds its changes to
--    the row of its own connection (pg_backend_pid() % 16), so concurrent bookings rarely wait on one row. The trigger
--    is a deferred constraint trigger: it runs at commit, when the transaction holds every other lock it will take, so
--    this row lock, held for the commit only, can never close a deadlock. Bookings are never deleted, but a delete counts.
-- No booking may be written between the first count and the trigger (an instance of the previous version, meanwhile).
LOCK TABLE "bookings" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "booking_totals" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"bookings" bigint DEFAULT 0 NOT NULL,
	"confirmed" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_pending" bigint DEFAULT 0 NOT NULL,
	"refunds_pending_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_failed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "booking_totals" SELECT 0,
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
CREATE OR REPLACE FUNCTION booking_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_bookings bigint := 0; d_confirmed bigint := 0; d_pending bigint := 0; d_cancelled bigint := 0;
  d_revenue bigint := 0; d_received bigint := 0;
  d_refunds_pending bigint := 0; d_refunds_pending_cents bigint := 0; d_refunds_failed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d_bookings := 1;
    d_confirmed := (NEW.status = 'confirmed')::int;
    d_pending := (NEW.status = 'pending')::int;
    d_cancelled := (NEW.status = 'cancelled')::int;
    d_revenue := CASE WHEN NEW.status = 'confirmed' THEN NEW.total_cents ELSE 0 END;
    d_received := NEW.paid_cents - NEW.refunded_cents;
    d_refunds_pending := (NEW.refund_status IS NOT DISTINCT FROM 'pending')::int;
    d_refunds_pending_cents := CASE WHEN NEW.refund_status = 'pending' THEN NEW.refunded_cents ELSE 0 END;
    d_refunds_failed := (NEW.refund_status IS NOT DISTINCT FROM 'failed')::int;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_bookings := d_bookings - 1;
    d_confirmed := d_confirmed - (OLD.status = 'confirmed')::int;
    d_pending := d_pending - (OLD.status = 'pending')::int;
    d_cancelled := d_cancelled - (OLD.status = 'cancelled')::int;
    d_revenue := d_revenue - CASE WHEN OLD.status = 'confirmed' THEN OLD.total_cents ELSE 0 END;
    d_received := d_received - (OLD.paid_cents - OLD.refunded_cents);
    d_refunds_pending := d_refunds_pending - (OLD.refund_status IS NOT DISTINCT FROM 'pending')::int;
    d_refunds_pending_cents := d_refunds_pending_cents - CASE WHEN OLD.refund_status = 'pending' THEN OLD.refunded_cents ELSE 0 END;
    d_refunds_failed := d_refunds_failed - (OLD.refund_status IS NOT DISTINCT FROM 'failed')::int;
  END IF;
  INSERT INTO booking_totals AS t (shard, bookings, confirmed, pending, cancelled, revenue_cents, received_cents,
                                   refunds_pending, refunds_pending_cents, refunds_failed)
  VALUES (mod(pg_backend_pid(), 16), d_bookings, d_confirmed, d_pending, d_cancelled, d_revenue, d_received,
          d_refunds_pending, d_refunds_pending_cents, d_refunds_failed)
  ON CONFLICT (shard) DO UPDATE SET
    bookings = t.bookings + excluded.bookings,
    confirmed = t.confirmed + excluded.confirmed,
    pending = t.pending + excluded.pending,
    cancelled = t.cancelled + excluded.cancelled,
    revenue_cents = t.revenue_cents + excluded.revenue_cents,
    received_cents = t.received_cents + excluded.received_cents,
    refunds_pending = t.refunds_pending + excluded.refunds_pending,
    refunds_pending_cents = t.refunds_pending_cents + excluded.refunds_pending_cents,
    refunds_failed = t.refunds_failed + excluded.refunds_failed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_totals_insert_delete AFTER INSERT OR DELETE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION booking_totals_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_totals_update AFTER UPDATE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
        OR OLD.paid_cents IS DISTINCT FROM NEW.paid_cents OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents
        OR OLD.refund_status IS DISTINCT FROM NEW.refund_status)
  EXECUTE FUNCTION booking_totals_change();
--> statement-breakpoint
-- 2. The stays around a date (the admin's availability screen: who is in today, who arrives this week): arrivals from
--    MAX_STAY_DAYS before that date on, through this index, instead of every booking ever made.
CREATE INDEX "bookings_active_start_idx" ON "bookings" USING btree ("start_date") WHERE "bookings"."status" <> 'cancelled';
