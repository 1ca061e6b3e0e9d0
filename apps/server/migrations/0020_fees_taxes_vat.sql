-- The whole price of a stay (issue 27, decision 0033): a property's fees, taxes and VAT included, a room's own list of
-- fees (null: its property's), and what a booking was charged, line by line, copied when it was made.
-- Amounts in the JSON lists are cents (price-terms.ts FeeCents, TaxCents); the API shows euros.
ALTER TABLE "properties" ADD COLUMN "fees" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- VAT in hundredths of a percent (6 % → 600): an integer, so no rounding on the way in or out.
ALTER TABLE "properties" ADD COLUMN "vat_hundredths" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_terms_check" CHECK (jsonb_typeof("properties"."fees") = 'array' and jsonb_typeof("properties"."taxes") = 'array' and "properties"."vat_hundredths" between 0 and 3000);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "fees" jsonb;
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_fees_check" CHECK ("rooms"."fees" is null or jsonb_typeof("rooms"."fees") = 'array');
--> statement-breakpoint
-- A booking made before keeps its total as its rent: no fee, no tax, no VAT, and no line (it was never itemised).
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fees_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "taxes_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_parts_check" CHECK (jsonb_typeof("bookings"."price_lines") = 'array' and "bookings"."fees_cents" >= 0 and "bookings"."taxes_cents" >= 0 and "bookings"."vat_cents" >= 0 and "bookings"."fees_cents" + "bookings"."taxes_cents" <= "bookings"."total_cents");
