-- Issue 31 item 3 (docs/decisions/0043-audit-in-the-same-transaction.md): the audit log records what an admin's or a
-- staff member's write changed, before and after, in the transaction of the change. A trigger on each table such a
-- write can change copies every row it inserts, updates or deletes into audit_changes, only in a transaction that set
-- roomweek.audit to 'on' (the app does, for those requests); before that transaction commits, the app takes the
-- transaction's rows out of audit_changes into one audit_log entry. Other transactions pay one setting read per row.
CREATE TABLE "audit_changes" (
	"txid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"table_name" text NOT NULL,
	"op" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_changes_txid_idx" ON "audit_changes" USING btree ("txid");
--> statement-breakpoint
CREATE FUNCTION "audit_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('roomweek.audit', true), '') <> 'on' THEN
		RETURN NULL;
	END IF;
	INSERT INTO audit_changes (table_name, op, before, after) VALUES (
		TG_TABLE_NAME,
		TG_OP,
		CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
		CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "properties" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "room_blocks" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "room_calendars" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "payment_refunds" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
--> statement-breakpoint
CREATE TRIGGER "audit_capture" AFTER INSERT OR UPDATE OR DELETE ON "check_ins" FOR EACH ROW EXECUTE FUNCTION "audit_capture"();
