-- Online check-in (issue 32, docs/decisions/0036-online-check-in.md): one row per booking whose guest began it. The
-- travellers are a JSON array, one object per place of the party; their dates of birth and document numbers are
-- sealed with SETTINGS_KEY (AES-256-GCM, as the payment secrets) before they reach this table.
CREATE TABLE "check_ins" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"arrival_time" text,
	"travellers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_status_check" CHECK ("check_ins"."status" in ('not_started', 'incomplete', 'complete')),
	CONSTRAINT "check_ins_travellers_check" CHECK (jsonb_typeof("check_ins"."travellers") = 'array')
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The check-in messages a booking was sent (the reminder; later the arrival instructions), each once: the job writes
-- its row and the outbox row in one transaction, and a row already there means already sent, whatever housekeeping
-- has since deleted from the outbox.
CREATE TABLE "check_in_notices" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_notices_pkey" PRIMARY KEY("booking_id","kind")
);
--> statement-breakpoint
ALTER TABLE "check_in_notices" ADD CONSTRAINT "check_in_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
