import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { PasswordHasher } from '../../lib/passwords.ts';
import { SecretBox } from '../../lib/secrets.ts';
import { AuthService } from './auth/auth-service.ts';
import { EmailProof } from './auth/email-proof.ts';
import { GuestAccounts } from './auth/guest-accounts.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { RateLimitsRepository } from './auth/rate-limits-repository.ts';
import { Sessions } from './auth/sessions.ts';
import { TokenSigner } from './auth/tokens.ts';
import { TwoFactorService } from './auth/two-factor.ts';
import { BookingLifecycle } from './bookings/booking-lifecycle.ts';
import { BookingsRepository } from './bookings/bookings-repository.ts';
import { BookingsService } from './bookings/bookings-service.ts';
import { OwnerBookings } from './bookings/owner-bookings.ts';
import type { Notifier } from './notifications/notifier.ts';
import { scheduleOutboxDispatcher, type OutboxDispatcher } from './notifications/outbox-dispatcher.ts';
import { OutboxNotifier } from './notifications/outbox-notifier.ts';
import { OutboxRepository } from './notifications/outbox-repository.ts';
import { PropertiesRepository } from './properties/properties-repository.ts';
import { PropertiesService } from './properties/properties-service.ts';
import { RoomsRepository } from './rooms/rooms-repository.ts';
import { RoomsService } from './rooms/rooms-service.ts';
import { SearchRepository } from './search/search-repository.ts';
import { SearchService } from './search/search-service.ts';
import { SettingsService } from './settings/settings-service.ts';
import { openPhotoStore } from './uploads/photo-storage.ts';
import { LocalPhotoStore } from './uploads/photo-store.ts';
import { UploadsService } from './uploads/uploads-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
    outboxDispatcher: OutboxDispatcher;
    authService: AuthService;
    /** Two-factor sign-in (docs/decisions/0034). */
    twoFactor: TwoFactorService;
    /** Signed-in devices (docs/decisions/0034). */
    sessions: Sessions;
    emailProof: EmailProof;
    /** This process's bounded password-hashing queue (lib/passwords.ts). */
    passwordHasher: PasswordHasher;
    propertiesRepository: PropertiesRepository;
    propertiesService: PropertiesService;
    roomsRepository: RoomsRepository;
    roomsService: RoomsService;
    searchService: SearchService;
    bookingsRepository: BookingsRepository;
    bookingLifecycle: BookingLifecycle;
    bookingsService: BookingsService;
    /** Bookings the owner enters (POST /api/admin/bookings, docs/decisions/0032). */
    ownerBookings: OwnerBookings;
    settingsService: SettingsService;
    uploadsService: UploadsService;
  }
}

export interface ServicesOptions {
  config: Config;
  secrets: { jwtSecret: string; settingsKey: string };
  notifier?: Notifier;
}

/** The application tier: repositories and services, built once on the database and configuration. */
export default fp<ServicesOptions>(
  async (app, { config, secrets, notifier }) => {
    const db = app.db;
    // Messages are outbox rows written in each event's transaction, sent by the dispatcher (docs/decisions/0005-outbox.md).
    const outboxBox = new SecretBox(secrets.settingsKey);
    app.decorate(
      'notifier',
      notifier ??
        new OutboxNotifier({
          publicUrl: config.PUBLIC_URL,
          adminLanguage: config.DEFAULT_LANGUAGE,
          timeZone: config.TZ_SITE,
          arrivalInstructionsDays: config.ARRIVAL_INSTRUCTIONS_DAYS,
          box: outboxBox,
          adminWhatsappNumber: (tx) => app.settingsService.configuredWhatsappNumber(tx),
          log: app.log,
          outbox: new OutboxRepository(db),
        }),
    );
    // The invoices plugin is registered after this one: read when a message is sent.
    app.decorate('outboxDispatcher', scheduleOutboxDispatcher(app, config, outboxBox, (kind, bookingId) => app.invoicing.attachmentsFor(kind, bookingId)));
    app.decorate('passwordHasher', new PasswordHasher({ logN: config.SCRYPT_LOG_N, maxWaiting: config.HASH_QUEUE_LIMIT }));
    const rateLimits = new RateLimitsRepository(db);
    app.decorate(
      'emailProof',
      new EmailProof({
        db,
        notifier: app.notifier,
        limits: rateLimits,
        required: config.ON_SITE_REQUIRES_VERIFIED_EMAIL && config.NODE_ENV !== 'development',
      }),
    );
    app.decorate(
      'twoFactor',
      new TwoFactorService({
        db,
        box: new SecretBox(secrets.settingsKey),
        throttle: new LoginThrottle(rateLimits, config.LOGIN_FAILURE_LIMIT, 'two-factor', false),
      }),
    );
    app.decorate('sessions', new Sessions(db));
    app.decorate(
      'authService',
      new AuthService({
        db,
        tokens: new TokenSigner(secrets.jwtSecret),
        notifier: app.notifier,
        hasher: app.passwordHasher,
        limits: rateLimits,
        throttle: new LoginThrottle(rateLimits, config.LOGIN_FAILURE_LIMIT),
        authRateLimit: config.AUTH_RATE_LIMIT,
        emailProof: app.emailProof,
        exposeResetToken: config.NODE_ENV !== 'production',
        twoFactor: app.twoFactor,
        sessions: app.sessions,
        // The settings service is decorated below: read at call time.
        requireTwoFactor: () => app.settingsService.requireTwoFactorForStaff(),
      }),
    );
    app.decorate('propertiesRepository', new PropertiesRepository(db));
    app.decorate('roomsRepository', new RoomsRepository(db));
    const bookingsRepository = new BookingsRepository(db);
    const bookingLifecycle = new BookingLifecycle({
      repository: bookingsRepository,
      notifier: app.notifier,
      holdMinutes: config.BOOKING_HOLD_MINUTES,
      timeZone: config.TZ_SITE,
      events: app.metrics.bookings,
    });
    app.decorate('bookingsRepository', bookingsRepository);
    app.decorate('bookingLifecycle', bookingLifecycle);
    app.decorate(
      'bookingsService',
      new BookingsService({
        db,
        repository: bookingsRepository,
        lifecycle: bookingLifecycle,
        timeZone: config.TZ_SITE,
        maxActivePerUser: config.MAX_ACTIVE_BOOKINGS_PER_USER,
        maxUnpaidNightsPerUser: config.MAX_UNPAID_NIGHTS_PER_USER,
        emailProof: app.emailProof,
        onSiteRequiresApproval: (tx) => app.settingsService.onSiteRequiresApproval(tx),
        arrivalInstructionsDays: config.ARRIVAL_INSTRUCTIONS_DAYS,
      }),
    );
    app.decorate(
      'ownerBookings',
      new OwnerBookings({
        db,
        repository: bookingsRepository,
        lifecycle: bookingLifecycle,
        stays: app.bookingsService,
        accounts: new GuestAccounts({ db, hasher: app.passwordHasher, notifier: app.notifier, defaultLanguage: config.DEFAULT_LANGUAGE }),
      }),
    );
    app.decorate('propertiesService', new PropertiesService({ db, repository: app.propertiesRepository, stays: app.bookingsService }));
    app.decorate('roomsService', new RoomsService({ db, repository: app.roomsRepository, stays: app.bookingsService }));
    app.decorate('searchService', new SearchService({ repository: new SearchRepository(db), stays: app.bookingsService }));
    app.decorate('settingsService', new SettingsService({ db, box: new SecretBox(secrets.settingsKey), env: config, log: app.log }));
    const photoStore = await openPhotoStore(config);
    app.decorate('uploadsService', new UploadsService(photoStore));
    if (!(photoStore instanceof LocalPhotoStore)) app.addHook('onClose', async () => photoStore.close());
  },
  { name: 'services', dependencies: ['db', 'metrics'] },
);
