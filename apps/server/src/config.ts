import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, DEFAULT_MAX_UNPAID_NIGHTS, Language, type SiteWarning } from '@roomweek/contract';
import { DEFAULT_HOLD_MINUTES, MAX_HOLD_MINUTES } from './plugins/app/bookings/hold-policy.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A signing or encryption key given by hand: at least 32 bytes, so `JWT_SECRET=secret` cannot be guessed offline. */
export const MIN_SECRET_BYTES = 32;
const secretKey = optionalText.refine((value) => value === undefined || Buffer.byteLength(value, 'utf8') >= MIN_SECRET_BYTES, {
  message: `Must be at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 32\`), or unset to have one generated`,
});

/** An optional http(s) URL, without its trailing slashes. */
const httpUrl = optionalText
  .refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), { message: 'Must be an http(s) URL' })
  .transform((value) => value?.replace(/\/+$/, ''));

/** proxy-addr's names for private ranges, which Fastify's `trustProxy` also takes. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  // A /0 is "every address": the trust-all this setting refuses.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` in the forms that do not trust everyone: a hop count (the proxies in front of the app), or
 * the proxies' addresses/CIDRs, comma-separated. `true` would let a client pick its own address with
 * X-Forwarded-For, so it stops the start (docs/decisions/0014-sessions-and-auth-limits.md).
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (!value || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (['true', 'yes', 'all', '*'].includes(value.toLowerCase())) {
      context.addIssue({
        code: 'custom',
        message:
          'trusting every proxy would let a client choose its own address with X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs, comma-separated',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      context.addIssue({ code: 'custom', message: 'a hop count is the number of proxies in front of the app: 1 to 10' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length) {
      context.addIssue({ code: 'custom', message: `not a proxy address or CIDR (a /0 is refused): ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  /** Production unless told otherwise (`npm run dev` sets development): no reset token on screen, JSON logs, no admin123. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalText,
  ALLOWED_ORIGINS: optionalText,
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: bool.default(true),
  JWT_SECRET: secretKey,
  SETTINGS_KEY: secretKey,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText,
  PAYPAL_API_URL: optionalText,
  /** The id PayPal gave the webhook registered for /api/payments/webhook/paypal; unset: that webhook answers 503. */
  PAYPAL_WEBHOOK_ID: optionalText,
  /** Deliveries to the PayPal webhook per client address per minute (each verified one costs two calls to PayPal); 429 past it. */
  PAYPAL_WEBHOOK_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Roomweek <no-reply@localhost>'),
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(MAX_HOLD_MINUTES).default(DEFAULT_HOLD_MINUTES),
  /** Booking and payment calls (POST /bookings, checkout, PayPal create-order and capture) per account per minute. */
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Future pending or unpaid on-site bookings one client account may hold at once (admins have no cap). */
  MAX_ACTIVE_BOOKINGS_PER_USER: z.coerce.number().int().min(1).default(3),
  /** Upcoming unpaid on-site nights one client account may hold at once (docs/decisions/0029-on-site-bookings-need-proof.md). */
  MAX_UNPAID_NIGHTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_UNPAID_NIGHTS),
  /** On-site bookings need an account that proved its e-mail; `false` turns the rule off (development counts every account as proved). */
  ON_SITE_REQUIRES_VERIFIED_EMAIL: bool.default(true),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Failed logins an account may take within an hour before each next try waits (15 s, doubling, at most 5 min); an address gets 4 times as many. */
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Password hashes that may wait for one of the two hashing slots; beyond, 503 `busy` with Retry-After. */
  HASH_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(32),
  /**
   * Years issued invoices and credit notes are kept (legal retention: 10 in Belgium and Portugal, at least 4 in Spain),
   * told on the privacy notice; the account's anonymisation never touches them (docs/behaviour.md §19).
   */
  INVOICE_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  TZ_SITE: z
    .string()
    .default('Europe/Brussels')
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'Unknown time zone' },
    ),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Where photos are kept: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, the S3_* variables). */
  UPLOADS: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  /** The store's URL for any S3-compatible service (MinIO, R2, Scaleway…); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: httpUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither; neither: the AWS SDK's usual sources (AWS_* variables, instance role…). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `bucket` in the path (endpoint/bucket/key) rather than in the host name, for stores without virtual-host buckets. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** A CDN or public bucket URL serving the bucket's `uploads/` keys: /uploads/* then redirects there. */
  S3_PUBLIC_URL: httpUrl,
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  DEFAULT_LANGUAGE: Language.default(DEFAULT_LANGUAGE),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Background jobs (hold expiry, outbox, reconciliation, housekeeping); tests turn them off and run them by hand. */
  JOBS: bool.default(true),
  /** log2 of scrypt's cost N; 17 is OWASP's minimum. Tests lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Seconds a public read's answer (catalogue, availability, public settings) may be served from memory; 0 turns the
   * cache off. Changes drop it at once (database notifications): this only bounds answers that depend on the clock.
   */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Days sent outbox messages (their personal content goes after 30 days regardless) and processed webhook events are kept before the housekeeping job deletes them. */
  HOUSEKEEPING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days the audit log keeps an entry before its retention job deletes it (docs/decisions/0039). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  /** Minutes between two runs of the balance job: reminders, automatic charges, overdue balances (decision 0044). */
  BALANCE_JOB_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Online check-in (docs/decisions/0036): days before arrival the reminder goes to a confirmed stay whose check-in is not complete. */
  CHECK_IN_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** Days before arrival a confirmed stay's guest gets the property's arrival instructions, by e-mail once and in my bookings (decision 0038). */
  ARRIVAL_INSTRUCTIONS_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /** Days after departure a stay's check-in (the travellers' identities) is deleted by housekeeping; 1,095: Spain's three years (decision 0038). */
  CHECK_IN_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(1095),
  /** Hours an unreferenced uploaded photo (or an archived row's photos) is kept before it is deleted. */
  UPLOAD_GRACE_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
  /** Bench aid: count SQL statements per request into an `x-query-count` header (bench/). Off in production. */
  BENCH_COUNT_QUERIES: bool.default(false),
  /** Bearer token of GET /metrics (Prometheus); unset, /metrics answers 404. */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, { message: 'Must be at least 16 characters' }),
  /** After SIGTERM, how long requests in flight may take before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Minutes between two fetches of each imported iCal feed (docs/behaviour.md §14). */
  ICAL_SYNC_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Verified reviews (docs/decisions/0035): days after departure the guest is invited to review the stay (0: on the departure day). */
  REVIEW_INVITE_DAYS: z.coerce.number().int().min(0).max(30).default(1),
  /** Days after departure a review can still be written. */
  REVIEW_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  /** How often the invitation job runs. */
  REVIEW_JOB_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /**
   * Let imported feeds be fetched from private, loopback and link-local addresses (tests' local servers). Off: the feed
   * fetcher cannot be turned against the host's own network.
   */
  ICAL_ALLOW_PRIVATE: bool.default(false),
  /** Milliseconds one imported feed may take to be parsed in its worker thread; past it the feed fails `over_budget`. */
  ICAL_PARSE_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Test aid: every background job runs this often instead of at its own pace (tests/two-instances). Unset in production. */
  JOB_INTERVAL_MS: z.coerce.number().int().min(50).optional(),
});

/** Settings that only make sense together; answered as `VARIABLE: problem` like the schema's. */
function crossFieldProblems(config: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (config.UPLOADS === 's3' && !config.S3_BUCKET) problems.push('S3_BUCKET: Required when UPLOADS=s3');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    problems.push(`${config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: Give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`);
  }
  return problems;
}

export type Config = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  allowedOrigins: string[];
  /** Logged at every start and shown on the admin dashboard (GET /admin/bookings/summary `warnings`). */
  siteWarnings: SiteWarning[];
};

/** Parses the environment once; a bad variable stops the start with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  const crossField = crossFieldProblems(config);
  if (crossField.length) throw new Error(`Invalid configuration:\n  ${crossField.join('\n  ')}`);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const allowedOrigins = [publicUrl, ...(config.ALLOWED_ORIGINS?.split(',') ?? [])]
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  // Unset in production, links in e-mails, canonical URLs and the sitemap would name http://localhost.
  const siteWarnings: SiteWarning[] = config.NODE_ENV === 'production' && !config.PUBLIC_URL ? ['public_url_unset'] : [];
  return { ...config, PUBLIC_URL: publicUrl, allowedOrigins, siteWarnings };
}
