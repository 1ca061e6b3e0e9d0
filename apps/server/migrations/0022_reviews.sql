-- Verified reviews (issue 33, docs/decisions/0035-verified-reviews.md): one review per booking (reviews_booking_key holds it
-- under any concurrency), and the stays whose guest was invited to write one (one invitation each).
CREATE TABLE "review_invitations" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"author_name" text,
	"stay_month" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"language" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_check" CHECK (char_length("reviews"."comment") <= 2000 and char_length("reviews"."reply") <= 2000),
	CONSTRAINT "reviews_language_check" CHECK ("reviews"."language" in ('fr', 'es', 'pt', 'en'))
);
--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_room_visible_idx" ON "reviews" USING btree ("room_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "reviews"."hidden";--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");
--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers): a new, changed, hidden or anonymised review changes the public
-- reads (reviews lists, rating_average, review_count), so it drops their cache on every instance (decision 0011).
CREATE TRIGGER reviews_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
