import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { EXPORT_BATCH, ExportsRepository } from './exports-repository.ts';
import { ReportExports } from './report-exports.ts';
import { ReportsRepository } from './reports-repository.ts';
import { ReportsService } from './reports-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
    reportExports: ReportExports;
  }
}

/** The owner's numbers and the exports (docs/decisions/0045-reports.md). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('reports', new ReportsService({ repository: new ReportsRepository(app.db), timeZone: config.TZ_SITE }));
    app.decorate('reportExports', new ReportExports(new ExportsRepository(app.db), config.TZ_SITE, EXPORT_BATCH));
  },
  { name: 'reports', dependencies: ['services'] },
);
