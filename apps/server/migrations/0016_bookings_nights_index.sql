-- The stays that share a night with a window, whatever the room (the admin's availability screen: who is in today, who
-- arrives this week; the admin's timeline: every room × a few weeks), read through the nights they take instead of by
-- arrival: the arrivals index of migration 0013 read every arrival of the MAX_STAY_DAYS before the window (a year of
-- history, 90,000 rows at a million bookings, to answer 1,800), this one reads the stays overlapping the window only.
-- The same expression as bookings_no_overlap's (migration 0001), whose index leads with the room: it answers one room's
-- stays, not every room's. A plain CREATE INDEX: it holds writes to bookings while it builds (half a minute at a million
-- rows), as every migration runs in a transaction.
-- Written as drizzle-kit writes `index(...).using('gist', sql`daterange(...)`).where(...)`.
DROP INDEX IF EXISTS "bookings_active_start_idx";
--> statement-breakpoint
CREATE INDEX "bookings_active_nights_idx" ON "bookings" USING gist (daterange("start_date", "end_date", '[)')) WHERE "bookings"."status" <> 'cancelled';
