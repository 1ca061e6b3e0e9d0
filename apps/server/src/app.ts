import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '@roomweek/contract';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { WEB_DIST } from './paths.ts';
import { migrate, openDatabase, type DatabaseHandle } from './db/client.ts';
import { bootstrap } from './db/bootstrap.ts';
import { trustProxyOption } from './lib/client-address.ts';
import { loadSecrets } from './lib/secrets.ts';
import { loggerOptions, type LogStream } from './lib/logger.ts';
import dbPlugin from './plugins/external/db.ts';
import databaseOutage from './plugins/external/database-outage.ts';
import errorHandler, { frameworkErrors } from './plugins/external/error-handler.ts';
import contentLanguage from './plugins/external/content-language.ts';
import publicCache from './plugins/external/public-cache.ts';
import queryCount from './plugins/external/query-count.ts';
import security from './plugins/external/security.ts';
import swagger from './plugins/external/swagger.ts';
import web from './plugins/external/web.ts';
import services from './plugins/app/services.ts';
import authorization from './plugins/app/auth/authorization.ts';
import payments from './plugins/app/payments/payments-plugin.ts';
import invoices from './plugins/app/invoices/invoices-plugin.ts';
import housekeeping from './plugins/app/housekeeping/housekeeping-plugin.ts';
import audit from './plugins/app/audit/audit-plugin.ts';
import staff from './plugins/app/staff/staff-plugin.ts';
import privacy from './plugins/app/privacy/privacy-plugin.ts';
import calendar from './plugins/app/calendar/calendar-plugin.ts';
import reviews from './plugins/app/reviews/reviews-plugin.ts';
import checkIn from './plugins/app/check-in/check-in-plugin.ts';
import balances from './plugins/app/balances/balances-plugin.ts';
import reports from './plugins/app/reports/reports-plugin.ts';
import type { Notifier } from './plugins/app/notifications/notifier.ts';
import systemRoutes from './routes/api/system/index.ts';
import authRoutes from './routes/api/auth/index.ts';
import propertiesRoutes from './routes/api/properties/index.ts';
import roomsRoutes from './routes/api/rooms/index.ts';
import amenitiesRoutes from './routes/api/amenities/index.ts';
import searchRoutes from './routes/api/search/index.ts';
import bookingsRoutes from './routes/api/bookings/index.ts';
import adminRoutes from './routes/api/admin/index.ts';
import paymentSettingsRoutes from './routes/api/settings/index.ts';
import uploadRoutes from './routes/api/upload/index.ts';
import paymentsRoutes from './routes/api/payments/index.ts';
import cancellationPolicyRoutes from './routes/api/cancellation-policy/index.ts';
import icalRoutes from './routes/api/ical/index.ts';
import reviewsRoutes from './routes/api/reviews/index.ts';
import invoicesRoutes from './routes/api/invoices/index.ts';
import balancesRoutes from './routes/api/balances/index.ts';
import { answerMissingMedium } from './routes/uploads/missing-medium.ts';
import metricsRoute from './routes/metrics/index.ts';
import seoRoutes from './routes/seo/index.ts';
import metrics from './plugins/external/metrics.ts';
import shutdown from './plugins/external/shutdown.ts';
import operations from './plugins/app/operations/operations-plugin.ts';
import { OperationsRepository } from './plugins/app/operations/operations-repository.ts';
import { LocalPhotoStore } from './plugins/app/uploads/photo-store.ts';


export interface BuildAppOptions {
  config: Config;
  /** An already opened database (tests hand in a cloned PGlite); otherwise opened from the config. */
  database?: DatabaseHandle;
  notifier?: Notifier;
  webDist?: string;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: LogStream;
}

/** The whole application as one Fastify instance: external plugins, then services, then routes. */
export async function buildApp({ config, database, notifier, webDist = WEB_DIST, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const secrets = await loadSecrets(config.DATA_DIR, config);
  const handle =
    database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, countQueries: config.BENCH_COUNT_QUERIES }));
  await migrate(handle.db);

  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: 72_000,
    requestTimeout: 30_000,
    // Closing: plugins/external/shutdown.ts answers 503 `shutting_down` in the `{detail, code}` shape instead.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('jobIntervalOverrideMs', config.JOB_INTERVAL_MS ?? null);
  // At every start, not once: the operator reading the logs of any start sees it (docs/behaviour.md §13).
  if (config.siteWarnings.includes('public_url_unset')) {
    app.log.warn(
      { warning: 'public_url_unset' },
      `PUBLIC_URL is not set: e-mail links, payment returns, canonical links and the sitemap name ${config.PUBLIC_URL}; set PUBLIC_URL to the site's address`,
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External tier.
  await app.register(databaseOutage, { ping: () => new OperationsRepository(handle.db).ping() });
  await app.register(errorHandler);
  await app.register(shutdown);
  if (config.BENCH_COUNT_QUERIES) await app.register(queryCount);
  await app.register(security, { mapTileUrl: config.MAP_TILE_URL });
  await app.register(metrics, { enabled: Boolean(config.METRICS_TOKEN) });
  await app.register(contentLanguage, { defaultLanguage: config.DEFAULT_LANGUAGE });
  await app.register(publicCache, { handle, ttlSeconds: config.PUBLIC_CACHE_SECONDS });
  await app.register(swagger);
  await app.register(dbPlugin, { handle, closeWithApp: !database });

  // Application tier.
  await app.register(services, { config, secrets, notifier });
  await app.register(authorization);
  await app.register(audit, { config });
  await app.register(staff, { config });
  await app.register(invoices, { config });
  await app.register(payments, { config });
  await app.register(balances, { config });
  await app.register(reports, { config });
  // Before privacy: the guest's export carries their check-ins.
  await app.register(checkIn, { config, settingsKey: secrets.settingsKey });
  await app.register(privacy, { config });
  await app.register(calendar, { config });
  await app.register(housekeeping, { config });
  await app.register(reviews, { config });
  await app.register(operations);

  // Routes: each folder's prefix is where its contract paths start (routes/contract-route.ts checks it).
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config });
      await api.register(authRoutes, { prefix: '/auth', config });
      await api.register(propertiesRoutes, { prefix: '/properties' });
      await api.register(roomsRoutes, { prefix: '/rooms' });
      await api.register(amenitiesRoutes, { prefix: '/amenities' });
      await api.register(searchRoutes, { prefix: '/search' });
      await api.register(bookingsRoutes, { prefix: '/bookings', config });
      await api.register(adminRoutes, { prefix: '/admin', config });
      await api.register(paymentSettingsRoutes, { prefix: '/payment-settings' });
      await api.register(uploadRoutes, { prefix: '/upload', maxBytes: config.UPLOAD_MAX_BYTES });
      await api.register(paymentsRoutes, { prefix: '/payments', config });
      await api.register(cancellationPolicyRoutes, { prefix: '/cancellation-policy' });
      await api.register(icalRoutes, { prefix: '/ical' });
      await api.register(reviewsRoutes);
      await api.register(invoicesRoutes);
      await api.register(balancesRoutes, { config });
    },
    { prefix: API_PREFIX },
  );
  await app.register(metricsRoute, { token: config.METRICS_TOKEN });
  // /sitemap.xml, /robots.txt: before the web plugin, whose not-found handler answers index.html for page paths.
  await app.register(seoRoutes, { publicUrl: config.PUBLIC_URL });
  const photoStore = app.uploadsService.store;
  if (!(photoStore instanceof LocalPhotoStore)) {
    // With the AWS SDK it needs: loaded only for a bucket.
    const [{ default: bucketPhotos }, { S3PhotoStore }] = await Promise.all([
      import('./routes/uploads/bucket-photos.ts'),
      import('./plugins/app/uploads/s3-photo-store.ts'),
    ]);
    if (photoStore instanceof S3PhotoStore) await app.register(bucketPhotos, { store: photoStore, publicUrl: config.S3_PUBLIC_URL });
  }
  await app.register(web, {
    uploadsDir: photoStore instanceof LocalPhotoStore ? photoStore.directory : null,
    missingPhoto: (name, reply) => answerMissingMedium(app.uploadsService, name, reply),
    webDist,
    defaultLanguage: config.DEFAULT_LANGUAGE,
  });

  await app.after();
  await bootstrap(handle.db, config, app.log, photoStore);
  return app;
}
