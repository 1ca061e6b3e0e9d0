-- Search by dates and party (issue 26): how many a room takes, who comes on a booking, and where a booking came from.
-- Rooms made before count as taking 2, bookings as one adult booked on the site.
ALTER TABLE "rooms" ADD COLUMN "max_guests" integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_max_guests_check" CHECK ("rooms"."max_guests" between 1 and 30);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "adults" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "children" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_party_check" CHECK ("bookings"."adults" >= 1 and "bookings"."children" >= 0);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK ("bookings"."source" in ('web', 'admin'));
--> statement-breakpoint
-- The owner's note on a booking they entered (POST /api/admin/bookings).
ALTER TABLE "bookings" ADD COLUMN "admin_note" text;
