-- Billing details a guest may give for their invoices (issue 29, docs/behaviour.md §19): `{name, company, address,
-- vat_number}`, or null for none (the invoice then names the guest's account). Changed by the guest until the
-- booking's first invoice; an issued invoice keeps its own copy.
ALTER TABLE "bookings" ADD COLUMN "billing" jsonb;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_billing_check" CHECK ("bookings"."billing" is null or jsonb_typeof("bookings"."billing") = 'object');
