import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helper.ts';
import { expectError } from '../support.ts';

describe('system routes', () => {
  const t = useTestApp();

  describe('GET /api/health', () => {
    it('answers ok once the database answers', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('GET /api/config', () => {
    it('answers the public settings the web app needs and nothing secret', async () => {
      const response = await t.app.inject({ url: '/api/config' });
      expect(response.statusCode).toBe(200);
      const config = response.json<Record<string, unknown>>();
      expect(config).toMatchObject({
        whatsapp_number: expect.any(String),
        paypal_client_id: '',
        paypal_mode: 'sandbox',
        map_tile_url: expect.stringContaining('openstreetmap'),
        default_language: 'fr',
      });
      for (const key of Object.keys(config)) expect(key).not.toMatch(/secret|password|jwt|settings_key|api_key|webhook/i);
      expect(response.body).not.toContain(t.config.DATA_DIR);
    });

    it("names the site's date by the server's clock in the site's zone: the day before, the day and the day after midnight", async () => {
      const todayAt = async (instant: string) => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(instant));
        try {
          return (await t.app.inject({ url: '/api/config' })).json<{ site_today: string }>().site_today;
        } finally {
          vi.useRealTimers();
        }
      };
      expect(t.config.TZ_SITE).toBe('Europe/Brussels');
      // Europe/Brussels is UTC+2 in June: its midnight is 22:00 UTC.
      expect(await todayAt('2031-06-14T12:00:00Z')).toBe('2031-06-14');
      expect(await todayAt('2031-06-14T21:59:00Z')).toBe('2031-06-14');
      expect(await todayAt('2031-06-14T22:01:00Z')).toBe('2031-06-15');
      expect(await todayAt('2031-06-15T22:01:00Z')).toBe('2031-06-16');
    });
  });

  describe('GET /api/docs', () => {
    it('serves the OpenAPI page and a document listing the API paths', async () => {
      const page = await t.app.inject({ url: '/api/docs' });
      expect([200, 302]).toContain(page.statusCode);
      const html = page.statusCode === 302 ? await t.app.inject({ url: page.headers.location as string }) : page;
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/text\/html/);

      const document = await t.app.inject({ url: '/api/docs/json' });
      expect(document.statusCode).toBe(200);
      const openapi = document.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      expect(openapi.openapi).toMatch(/^3\./);
      for (const path of [
        '/api/auth/login',
        '/api/auth/register',
        '/api/properties/',
        '/api/properties/{id}',
        '/api/rooms/{id}/availability',
        '/api/bookings/',
        '/api/bookings/{id}/cancel',
        '/api/admin/bookings',
        '/api/upload/',
        '/api/health',
      ]) {
        expect(Object.keys(openapi.paths), path).toContain(path);
      }
      expect(openapi.paths['/api/bookings/']).toHaveProperty('post');
    });
  });

  describe('security headers', () => {
    it('sends a CSP that admits the map tiles and PayPal, and a Referer policy tile servers accept', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/img-src[^;]*tile\.openstreetmap\.org/);
      for (const directive of ['script-src', 'frame-src', 'img-src', 'style-src', 'connect-src']) {
        expect(csp).toMatch(new RegExp(`${directive}[^;]*https://\\*\\.paypal\\.com`));
        expect(csp).toMatch(new RegExp(`${directive}[^;]*https://\\*\\.paypalobjects\\.com`));
      }
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('unknown paths', () => {
    it('answers 404 in JSON for any unknown /api path and method', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['GET', '/api/bookings/all/extra'],
        ['POST', '/api/properties/123/whatever'],
        ['DELETE', '/api/health'],
        ['GET', '/api'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expectError(response, 404, 'not_found');
      }
    });
  });
});
