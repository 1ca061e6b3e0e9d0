-- Issue 32 item 4 (docs/decisions/0042-guest-registration.md): whose guest registration a property follows, which
-- decides the check-in's fields and the export's order: Spain, Portugal, Belgium, or `other` (every field).
ALTER TABLE "properties" ADD COLUMN "registration_country" text DEFAULT 'other' NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_registration_country_check" CHECK ("properties"."registration_country" in ('ES', 'PT', 'BE', 'other'));
