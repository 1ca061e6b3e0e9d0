-- The search by dates (issue 26, GET /api/search): "no night of [start, end) taken" is asked of every room at once.
-- A booking's nights are answered by bookings_no_overlap's GiST index (room, nights; migration 0001); a block's or an
-- imported event's by this one, the same shape, so a room's probe reads only what overlaps the stay, whatever the
-- length of its history. Non-blocking rows (conflicts shown to the owner) never take a night, so they are left out.
-- Written as drizzle-kit writes `index(...).using('gist', t.roomId, sql`daterange(...)`).where(...)`.
CREATE INDEX "room_blocks_room_nights_idx" ON "room_blocks" USING gist ("room_id",daterange("start_date", "end_date", '[)')) WHERE "room_blocks"."blocking";
