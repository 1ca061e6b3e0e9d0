import { z } from 'zod';
import { DEFAULT_LANGUAGE, Language } from '@roomweek/contract';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalText,
  ALLOWED_ORIGINS: optionalText,
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: bool.default(true),
  JWT_SECRET: optionalText,
  SETTINGS_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText,
  PAYPAL_API_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Roomweek <no-reply@localhost>'),
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
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
  UPLOADS: z.enum(['local']).default('local'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  DEFAULT_LANGUAGE: Language.default(DEFAULT_LANGUAGE),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Background jobs (hold expiry, outbox, reconciliation); tests turn them off and run them by hand. */
  JOBS: bool.default(true),
  /** log2 of scrypt's cost N; 17 is OWASP's minimum. Tests lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Seconds a public read's answer (catalogue, availability, public settings) may be served from memory; 0 turns the
   * cache off. Changes drop it at once (database notifications): this only bounds answers that depend on the clock.
   */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Bench aid: count SQL statements per request into an `x-query-count` header (bench/). Off in production. */
  BENCH_COUNT_QUERIES: bool.default(false),
});

export type Config = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; allowedOrigins: string[] };

/** Parses the environment once; a bad variable stops the start with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const allowedOrigins = [publicUrl, ...(config.ALLOWED_ORIGINS?.split(',') ?? [])]
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return { ...config, PUBLIC_URL: publicUrl, allowedOrigins };
}
