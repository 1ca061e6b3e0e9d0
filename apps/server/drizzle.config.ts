import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the SQL of a schema change; copy it into migrations/ as the next numbered file
// (see docs/decisions/0002-migrations.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/outbox-schema.ts', './src/db/payments-schema.ts', './src/db/totals-schema.ts', './src/db/calendar-schema.ts', './src/db/security-schema.ts', './src/db/reviews-schema.ts', './src/db/check-in-schema.ts', './src/db/invoices-schema.ts', './src/db/reports-schema.ts'],
  out: './drizzle-out',
});
