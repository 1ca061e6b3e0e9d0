-- A guest's own data (decision 0021, docs/behaviour.md §12): export, deletion, retention.
-- An anonymised account keeps its row (its bookings stay for the owner's accounts): when it was anonymised.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- The account a message is about (the guest of a booking message, the account of a reset link or an e-mail change):
-- what the export lists and what a deletion erases. Null for rows nobody's (none today).
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
-- When the message's personal content (address, payload but what its subject needs, error) was erased.
ALTER TABLE "outbox_messages" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "outbox_messages_user_idx" ON "outbox_messages" USING btree ("user_id") WHERE "outbox_messages"."user_id" is not null;
--> statement-breakpoint
-- The hourly erasure looks for final messages (sent or given up) not erased yet, oldest first.
CREATE INDEX "outbox_messages_unerased_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."erased_at" is null and "outbox_messages"."status" in ('sent', 'failed');
--> statement-breakpoint
-- Messages already written: a booking's messages belong to its guest, an account message to the account of its address.
UPDATE "outbox_messages" m SET "user_id" = b.user_id FROM "bookings" b WHERE b.id::text = m.payload->>'booking_id';
--> statement-breakpoint
UPDATE "outbox_messages" m SET "user_id" = u.id FROM "users" u
  WHERE m.user_id IS NULL AND m.channel = 'email' AND m.kind IN ('password_reset', 'email_changed') AND u.email = m.recipient;
