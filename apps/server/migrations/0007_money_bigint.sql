-- Money in 64-bit (docs/decisions/0013-production-defaults.md): a stay of up to 365 nights at up to 1,000,000 € a week
-- totals up to ~5.2 · 10^9 cents, past integer's 2^31 − 1 ("Number out of range"). bigint holds it exactly, and every
-- such amount stays below 2^53, so drizzle's `bigint(…, { mode: 'number' })` reads it back as an exact JS number.
-- The price column follows, so that every money column has the one type.
ALTER TABLE "bookings" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "price_per_week_cents" SET DATA TYPE bigint;
