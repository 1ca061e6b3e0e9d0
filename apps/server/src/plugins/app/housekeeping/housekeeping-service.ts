import type { FastifyBaseLogger } from 'fastify';
import { addDays, calendarDateIn } from '@roomweek/contract';
import type { UploadsService } from '../uploads/uploads-service.ts';
import type { HousekeepingRepository } from './housekeeping-repository.ts';

/** Rows one delete statement takes; a run repeats it up to `MAX_BATCHES` times, the next run takes the rest. */
const BATCH = 1000;
const MAX_BATCHES = 20;
/** Photos checked against the database in one query. */
const PHOTO_BATCH = 500;
/**
 * Days after which a message sent or given up loses its personal content (address, body, error), whatever
 * HOUSEKEEPING_RETENTION_DAYS keeps the row: the privacy page promises it (decision 0021).
 */
export const MESSAGE_CONTENT_DAYS = 30;

export interface HousekeepingOptions {
  repository: HousekeepingRepository;
  uploads: UploadsService;
  /** Sent outbox messages and processed webhook events are kept this many days. */
  retentionDays: number;
  /** An unreferenced photo (or the photos of an archived row) is kept this many hours before it is deleted. */
  photoGraceHours: number;
  /** A stay's online check-in is deleted this many days after its departure (CHECK_IN_RETENTION_DAYS, decision 0038). */
  checkInRetentionDays: number;
  timeZone: string;
  log: FastifyBaseLogger;
}

export interface HousekeepingReport {
  rateLimits: number;
  outboxMessages: number;
  messagesErased: number;
  webhookEvents: number;
  revokedTokens: number;
  passwordResets: number;
  emailVerifications: number;
  /** Devices whose token expired, sign-in challenges used or expired (decision 0034). */
  expiredSessions: number;
  spentLoginChallenges: number;
  /** Booking counter deltas folded into their totals (migration 0013). */
  bookingTotalsFolded: number;
  archivedRowsReleased: number;
  photosDeleted: string[];
  /** Check-ins of stays that left CHECK_IN_RETENTION_DAYS ago or more. */
  checkIns: number;
}

/** A photo's URL and those of its smaller sizes: a row listing any of them keeps the photo. */
const urlsOf = (url: string) => [url, url.replace(/\.webp$/, '-medium.webp'), url.replace(/\.webp$/, '-thumb.webp')];

/**
 * Deletes what only grows and is no longer needed (docs/decisions/0016-housekeeping-and-hostile-inputs.md): ended
 * rate-limit windows, old sent messages and webhook events, expired revoked tokens, used or expired reset links, and
 * photos that no property or room lists any more; and erases the personal content of messages 30 days after they were
 * sent or given up (docs/decisions/0021-personal-data.md).
 * Safe on several instances at once: row deletes skip each other's rows, file deletes tolerate a file already gone.
 */
export class HousekeepingService {
  constructor(private readonly options: HousekeepingOptions) {}

  /**
   * Runs every task; one that fails does not stop the others, and the run then fails with all their errors. `today`:
   * the site's day (TZ_SITE), which tests give.
   */
  async run(today: string = calendarDateIn(this.options.timeZone)): Promise<HousekeepingReport> {
    const { repository, retentionDays, checkInRetentionDays } = this.options;
    const departedBy = addDays(today, -checkInRetentionDays);
    const failures: unknown[] = [];
    const task = async <T>(work: () => Promise<T>, none: T): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        failures.push(error);
        return none;
      }
    };
    const report: HousekeepingReport = {
      rateLimits: await task(() => this.drain((limit) => repository.deleteExpiredRateLimits(limit)), 0),
      outboxMessages: await task(() => this.drain((limit) => repository.deleteSentOutbox(retentionDays, limit)), 0),
      messagesErased: await task(() => this.drain((limit) => repository.eraseOldMessageContent(MESSAGE_CONTENT_DAYS, limit)), 0),
      webhookEvents: await task(() => this.drain((limit) => repository.deleteProcessedWebhookEvents(retentionDays, limit)), 0),
      revokedTokens: await task(() => this.drain((limit) => repository.deleteExpiredRevokedTokens(limit)), 0),
      passwordResets: await task(() => this.drain((limit) => repository.deleteSpentPasswordResets(limit)), 0),
      emailVerifications: await task(() => this.drain((limit) => repository.deleteSpentEmailVerifications(limit)), 0),
      expiredSessions: await task(() => this.drain((limit) => repository.deleteExpiredSessions(limit)), 0),
      spentLoginChallenges: await task(() => this.drain((limit) => repository.deleteSpentLoginChallenges(limit)), 0),
      bookingTotalsFolded: await task(() => repository.foldBookingTotals(), 0),
      checkIns: await task(() => this.drain((limit) => repository.deleteExpiredCheckIns(departedBy, limit)), 0),
      ...(await task(() => this.sweepPhotos(), { archivedRowsReleased: 0, photosDeleted: [] })),
    };
    const { photosDeleted, ...counts } = report;
    if (photosDeleted.length || Object.values(counts).some((count) => count > 0)) {
      this.options.log.info({ ...counts, photosDeleted: photosDeleted.length }, 'housekeeping done');
    }
    if (failures.length) throw new AggregateError(failures, `housekeeping: ${failures.length} task(s) failed`);
    return report;
  }

  private async drain(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const deleted = await deleteBatch(BATCH);
      total += deleted;
      if (deleted < BATCH) break;
    }
    return total;
  }

  /**
   * Archived rows past the grace period let go of their photos; then every stored photo whose files are older than the
   * grace period and that no row lists (neither the picture nor its medium or thumbnail URL) is deleted with them.
   * The file's age covers a photo uploaded but not yet saved in the admin's form.
   */
  private async sweepPhotos(): Promise<{ archivedRowsReleased: number; photosDeleted: string[] }> {
    const { repository, uploads, photoGraceHours, timeZone } = this.options;
    const archivedRowsReleased = await repository.releaseArchivedPhotos(photoGraceHours, calendarDateIn(timeZone));
    const cutoff = new Date(Date.now() - photoGraceHours * 3_600_000);
    const candidates = await uploads.photosWrittenBefore(cutoff);
    const photosDeleted: string[] = [];
    for (let start = 0; start < candidates.length; start += PHOTO_BATCH) {
      const batch = candidates.slice(start, start + PHOTO_BATCH);
      const referenced = await repository.referencedPhotos(batch.flatMap(urlsOf));
      for (const url of batch) {
        if (urlsOf(url).some((listed) => referenced.has(listed))) continue;
        await uploads.remove(url);
        photosDeleted.push(url);
      }
    }
    return { archivedRowsReleased, photosDeleted };
  }
}
