-- The admin's booking pages order by (created_at DESC, id) (GET /api/admin/bookings?limit=&offset=): an index in that
-- order lets a page pick its ids without sorting, or joining, the rows its offset skips (docs/performance.md).
-- Written as drizzle-kit writes `index('bookings_created_idx').on(t.createdAt.desc().nullsFirst(), t.id)`.
DROP INDEX IF EXISTS "bookings_created_idx";
--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST,"id");
