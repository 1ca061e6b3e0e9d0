-- The search by dates (issue 26) reads, for a window, which rooms have a night taken by a booking that occupies it:
-- every room's stays meeting the window through bookings_active_nights_idx (migration 0016), then each row's room,
-- status and hold from the table. At a million bookings a week near today is some 2,000 rows on as many pages of the
-- heap, read at random: most of a search's time. The same index with what those reads ask carried in its leaves
-- (the room, the status and the hold for "occupies its nights", the dates themselves because PostgreSQL only answers
-- from an expression index when the columns under the expression are there too) lets them be index-only scans: the
-- heap is not visited for pages the visibility map marks all-visible (docs/performance.md, decision 0041).
-- A plain CREATE INDEX: it holds writes to bookings while it builds (under a minute at a million rows), as every
-- migration runs in a transaction.
DROP INDEX IF EXISTS "bookings_active_nights_idx";
--> statement-breakpoint
CREATE INDEX "bookings_active_nights_idx" ON "bookings" USING gist (daterange("start_date", "end_date", '[)')) INCLUDE ("room_id", "status", "hold_expires_at", "start_date", "end_date") WHERE "bookings"."status" <> 'cancelled';
