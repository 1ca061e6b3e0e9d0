-- Invoices and credit notes (issue 29, docs/decisions/0037-invoices.md). A counter row per (series, year), taken under
-- its row lock by `insert … on conflict do update … returning` in the transaction that issues the document: numbers
-- are unbroken (a rolled-back transaction gives its number back) and unique whatever the concurrency or the number
-- of instances. An issued document is never changed nor deleted (invoices_issued_are_final).
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("series","year"),
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_reference" text,
	"refund_id" uuid,
	"corrects_id" uuid,
	"amount_cents" bigint NOT NULL,
	"issue_date" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "invoices_number_key" UNIQUE("number"),
	CONSTRAINT "invoices_sequence_key" UNIQUE("series","year","sequence"),
	CONSTRAINT "invoices_corrects_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."invoices"("id"),
	CONSTRAINT "invoices_kind_check" CHECK (("invoices"."kind" = 'invoice' and "invoices"."amount_cents" >= 0) or ("invoices"."kind" = 'credit_note' and "invoices"."amount_cents" <= 0)),
	CONSTRAINT "invoices_language_check" CHECK ("invoices"."language" in ('fr', 'es', 'pt', 'en'))
);
--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id","issued_at");--> statement-breakpoint
-- One invoice per payment, one credit note per refund, one cancelling entry per credit note.
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("booking_id","payment_reference") WHERE "invoices"."kind" = 'invoice' and "invoices"."corrects_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_key" ON "invoices" USING btree ("refund_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_cancels_key" ON "invoices" USING btree ("corrects_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."corrects_id" is not null;--> statement-breakpoint
CREATE FUNCTION "invoices_issued_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'an issued invoice or credit note is never changed nor deleted' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_issued_are_final" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_issued_are_final"();
