-- Rules of a weekly rental (decision 0020, docs/behaviour.md §11): each room's stay rules, seasonal prices and
-- long-stay discounts, as jsonb on the room (read with it, written with it, never queried apart). Existing rooms get
-- no rule, no season and no discount: they book and cost exactly as before.
ALTER TABLE "rooms" ADD COLUMN "stay_rules" jsonb DEFAULT '{"changeover_days":[],"min_nights":1,"max_nights":null,"whole_weeks":false}'::jsonb NOT NULL;
--> statement-breakpoint
-- [{start_date, end_date, price_per_week_cents}], sorted by start_date, non-overlapping (checked by the rooms service).
ALTER TABLE "rooms" ADD COLUMN "seasonal_prices" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- [{min_weeks, percent}], sorted by min_weeks, each number of weeks once.
ALTER TABLE "rooms" ADD COLUMN "long_stay_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_stay_terms_check" CHECK (jsonb_typeof("rooms"."stay_rules") = 'object' AND jsonb_typeof("rooms"."seasonal_prices") = 'array' AND jsonb_typeof("rooms"."long_stay_discounts") = 'array');
