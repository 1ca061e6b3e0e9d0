-- Issue 32's later items (docs/decisions/0038-arrival-instructions-retention-registration.md). A property's arrival
-- instructions, one free text per language (`{fr?, es?, pt?, en?}`: a language left out has none), shown to its
-- confirmed guests from ARRIVAL_INSTRUCTIONS_DAYS before arrival, never in a public answer.
ALTER TABLE "properties" ADD COLUMN "arrival_instructions" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_arrival_instructions_check" CHECK (jsonb_typeof("properties"."arrival_instructions") = 'object');
