import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { OutboxRepository } from '../notifications/outbox-repository.ts';
import { ReviewMessages } from './review-messages.ts';
import { ReviewsRepository } from './reviews-repository.ts';
import { ReviewsService } from './reviews-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
    /** The review invitations, every REVIEW_JOB_MINUTES; tests (JOBS=false) call `runOnce`. */
    reviewInvitationJob: IntervalJob;
  }
}

/** Verified reviews and their invitation job (docs/decisions/0035-verified-reviews.md). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const reviews = new ReviewsService({
      db: app.db,
      repository: new ReviewsRepository(app.db),
      messages: new ReviewMessages({
        outbox: new OutboxRepository(app.db),
        publicUrl: config.PUBLIC_URL,
        adminLanguage: config.DEFAULT_LANGUAGE,
        adminWhatsappNumber: (tx) => app.settingsService.configuredWhatsappNumber(tx),
        log: app.log.child({ module: 'reviews' }),
      }),
      timeZone: config.TZ_SITE,
      inviteDays: config.REVIEW_INVITE_DAYS,
      windowDays: config.REVIEW_WINDOW_DAYS,
      log: app.log.child({ module: 'reviews' }),
    });
    app.decorate('reviews', reviews);
    app.decorate(
      'reviewInvitationJob',
      intervalJob(app, {
        name: 'review-invitations',
        everyMs: config.REVIEW_JOB_MINUTES * 60_000,
        enabled: config.JOBS,
        run: async () => {
          await reviews.sendInvitations();
        },
      }),
    );
  },
  { name: 'reviews', dependencies: ['services'] },
);
