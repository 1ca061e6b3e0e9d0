import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { InvoicesRepository } from './invoices-repository.ts';
import { Invoicing } from './invoicing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices and credit notes (docs/decisions/0037-invoices.md). */
    invoicing: Invoicing;
  }
}

/** Invoices and credit notes: issued by the payments' settlement and refunds, read by the booking's guest and admins. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'invoicing',
      new Invoicing({
        repository: new InvoicesRepository(app.db),
        db: app.db,
        bookings: app.bookingsRepository,
        business: (executor) => app.settingsService.business(executor),
        timeZone: config.TZ_SITE,
        log: app.log.child({ module: 'invoices' }),
      }),
    );
  },
  { name: 'invoices', dependencies: ['services'] },
);
