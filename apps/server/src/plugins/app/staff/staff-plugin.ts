import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { GuestAccounts } from '../auth/guest-accounts.ts';
import { StaffService } from './staff-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admins and staff (docs/decisions/0039-staff-and-audit.md). */
    staff: StaffService;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const accounts = new GuestAccounts({ db: app.db, hasher: app.passwordHasher, notifier: app.notifier, defaultLanguage: config.DEFAULT_LANGUAGE });
    app.decorate('staff', new StaffService({ db: app.db, accounts, audit: app.audit, defaultLanguage: config.DEFAULT_LANGUAGE }));
  },
  { name: 'staff', dependencies: ['services', 'audit'] },
);
