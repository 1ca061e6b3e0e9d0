-- The owner's calendar (docs/behaviour.md §14, docs/decisions/0024-calendar-sync-and-blocks.md): blocked nights, iCal
-- feeds exported and imported, under the same no-overlap rule as bookings.
--
-- An exclusion constraint cannot span two tables, so the nights every booking and every block takes are kept in one
-- table, room_occupancy, which carries the constraint between the two kinds: triggers keep it in step with bookings
-- and room_blocks in the very statement that writes them, whatever writes them (the life cycle, a job, a raw insert).
-- Between bookings, bookings_no_overlap (migration 0001) still decides; blocks may overlap each other (two feeds
-- often list the same nights).

-- No booking may be written between the copy below and the triggers (an instance of the previous version, meanwhile).
LOCK TABLE "bookings" IN SHARE MODE;
--> statement-breakpoint
-- The secret of each room's exported feed (GET /api/ical/{token}.ics): 122 random bits, shown to the admin.
ALTER TABLE "rooms" ADD COLUMN "ical_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_ical_token_key" ON "rooms" USING btree ("ical_token");
--> statement-breakpoint
-- Another platform's feed imported into a room. sync_lease / sync_lease_until: the instance fetching it now (a job or
-- "sync now"), so that several instances never sync one feed at once.
CREATE TABLE "room_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL REFERENCES "rooms"("id"),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sync_lease" uuid,
	"sync_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_calendars_room_url_key" ON "room_calendars" USING btree ("room_id", "url");
--> statement-breakpoint
-- The job picks the feeds least recently tried.
CREATE INDEX "room_calendars_attempt_idx" ON "room_calendars" USING btree ("last_attempt_at");
--> statement-breakpoint
-- A block: manual (calendar_id null, a note) or an imported event (its feed and UID). `blocking` is false for an
-- imported event that shares a night with one of our bookings: a conflict, kept and listed, taking no night.
CREATE TABLE "room_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL REFERENCES "rooms"("id"),
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text,
	"calendar_id" uuid REFERENCES "room_calendars"("id") ON DELETE cascade,
	"uid" text,
	"blocking" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_dates_check" CHECK ("end_date" > "start_date"),
	CONSTRAINT "room_blocks_source_check" CHECK (("calendar_id" IS NULL) = ("uid" IS NULL)),
	CONSTRAINT "room_blocks_manual_blocks_check" CHECK ("calendar_id" IS NOT NULL OR "blocking")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_blocks_calendar_uid_key" ON "room_blocks" USING btree ("calendar_id", "uid");
--> statement-breakpoint
CREATE INDEX "room_blocks_room_start_idx" ON "room_blocks" USING btree ("room_id", "start_date");
--> statement-breakpoint
CREATE INDEX "room_blocks_start_idx" ON "room_blocks" USING btree ("start_date");
--> statement-breakpoint
-- The nights taken, by bookings (not cancelled) and blocks (blocking); written only by the triggers below.
CREATE TABLE "room_occupancy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid REFERENCES "bookings"("id") ON DELETE cascade,
	"block_id" uuid REFERENCES "room_blocks"("id") ON DELETE cascade,
	CONSTRAINT "room_occupancy_kind_check" CHECK (("kind" = 'booking' AND "booking_id" IS NOT NULL AND "block_id" IS NULL)
	  OR ("kind" = 'block' AND "block_id" IS NOT NULL AND "booking_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_occupancy_booking_key" ON "room_occupancy" USING btree ("booking_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "room_occupancy_block_key" ON "room_occupancy" USING btree ("block_id");
--> statement-breakpoint
-- [by hand] A booking and a block of one room never share a night: SQLSTATE 23P01, like bookings_no_overlap, which the
-- booking paths already answer as 409 room_unavailable. `kind WITH <>`: two bookings are bookings_no_overlap's
-- business, two blocks may overlap.
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("start_date", "end_date", '[)') WITH &&, "kind" WITH <>);
--> statement-breakpoint
INSERT INTO "room_occupancy" ("room_id", "start_date", "end_date", "kind", "booking_id")
  SELECT "room_id", "start_date", "end_date", 'booking', "id" FROM "bookings" WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- A booking takes its nights while not cancelled (as bookings_no_overlap counts it): inserted, moved, freed here.
CREATE OR REPLACE FUNCTION booking_occupancy_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'cancelled' THEN
    IF TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' THEN
      DELETE FROM room_occupancy WHERE booking_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' AND OLD.room_id = NEW.room_id
     AND OLD.start_date = NEW.start_date AND OLD.end_date = NEW.end_date THEN
    RETURN NULL;
  END IF;
  UPDATE room_occupancy SET room_id = NEW.room_id, start_date = NEW.start_date, end_date = NEW.end_date
    WHERE booking_id = NEW.id;
  IF NOT FOUND THEN
    INSERT INTO room_occupancy (room_id, start_date, end_date, kind, booking_id)
      VALUES (NEW.room_id, NEW.start_date, NEW.end_date, 'booking', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_occupancy_insert AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_occupancy_sync();
--> statement-breakpoint
CREATE TRIGGER bookings_occupancy_update AFTER UPDATE ON bookings
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.room_id IS DISTINCT FROM NEW.room_id
        OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date)
  EXECUTE FUNCTION booking_occupancy_sync();
--> statement-breakpoint
-- A block takes its nights while `blocking`; a deleted block frees them (ON DELETE cascade).
CREATE OR REPLACE FUNCTION block_occupancy_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.blocking THEN
    DELETE FROM room_occupancy WHERE block_id = NEW.id;
    RETURN NULL;
  END IF;
  UPDATE room_occupancy SET room_id = NEW.room_id, start_date = NEW.start_date, end_date = NEW.end_date
    WHERE block_id = NEW.id;
  IF NOT FOUND THEN
    INSERT INTO room_occupancy (room_id, start_date, end_date, kind, block_id)
      VALUES (NEW.room_id, NEW.start_date, NEW.end_date, 'block', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER room_blocks_occupancy_insert AFTER INSERT ON room_blocks
  FOR EACH ROW EXECUTE FUNCTION block_occupancy_sync();
--> statement-breakpoint
CREATE TRIGGER room_blocks_occupancy_update AFTER UPDATE ON room_blocks
  FOR EACH ROW
  WHEN (OLD.blocking IS DISTINCT FROM NEW.blocking OR OLD.room_id IS DISTINCT FROM NEW.room_id
        OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date)
  EXECUTE FUNCTION block_occupancy_sync();
--> statement-breakpoint
-- Blocks are in the public availability: a change drops every instance's cache of it (migration 0005).
CREATE TRIGGER room_blocks_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON room_blocks
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
