import { badRequest } from '../../../lib/errors.ts';

/**
 * The addresses a payment provider sends the guest back to: PUBLIC_URL, or an address the browser sent when it is on
 * one of the allowed origins — never anywhere else (no open redirect after payment).
 */
export class ReturnUrls {
  /** Origin → configured base URL (PUBLIC_URL may carry a path). */
  private readonly allowedBases = new Map<string, string>();

  constructor(
    private readonly publicUrl: string,
    allowedOrigins: string[],
  ) {
    for (const entry of allowedOrigins) {
      try {
        const origin = new URL(entry).origin;
        if (!this.allowedBases.has(origin)) this.allowedBases.set(origin, entry.replace(/\/+$/, ''));
      } catch {
        // A malformed ALLOWED_ORIGINS entry allows nothing.
      }
    }
  }

  /** The site base for return URLs: PUBLIC_URL, or the browser's `host_url` when it is one of the allowed origins. */
  base(hostUrl: string | undefined, field = 'host_url'): string {
    if (!hostUrl) return this.publicUrl;
    const base = this.allowedBases.get(this.originOf(hostUrl, field));
    if (!base) throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    return base;
  }

  /** A full return URL sent by the browser, accepted only on an allowed origin; the default path otherwise. */
  url(input: string | undefined, defaultPath: string, field: string): string {
    if (!input) return `${this.publicUrl}${defaultPath}`;
    if (!this.allowedBases.has(this.originOf(input, field))) {
      throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    }
    return input;
  }

  private originOf(input: string, field: string): string {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw badRequest('invalid_return_url', 'Expected an absolute URL', field);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
      throw badRequest('invalid_return_url', 'This return address is not one of this site', field);
    }
    return url.origin;
  }
}
