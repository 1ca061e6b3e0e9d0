-- Every change to what the public reads show (properties, rooms, bookings, public settings) is announced on the
-- channel `public_data_changed` when its transaction commits, whichever instance, job or hand made it: each
-- instance listens and drops its cache of public answers (plugins/external/public-cache.ts,
-- docs/decisions/0011-public-read-cache.md). Row triggers, so that a statement which changes no row (the hold-expiry
-- job's sweep when nothing is due) announces nothing; PostgreSQL folds a transaction's identical notifications into one.
CREATE OR REPLACE FUNCTION notify_public_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
--> statement-breakpoint
CREATE TRIGGER rooms_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON rooms
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
--> statement-breakpoint
CREATE TRIGGER settings_public_data_changed AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION notify_public_data_changed();
