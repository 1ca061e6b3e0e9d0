import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteDate } from '../helper.ts';

/** What one path of the local feed server answers. */
export type FeedRoute =
  | { kind: 'ics'; body: string; etag?: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'stream'; bytes: number; announce?: boolean }
  | { kind: 'redirect'; to: string };

/**
 * A local HTTP server standing in for Airbnb's and Booking.com's feed URLs: each path answers what the test set, and
 * every request is recorded (to see the conditional GET headers, or that nothing was fetched).
 */
export class FeedServer {
  readonly routes = new Map<string, FeedRoute>();
  readonly requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  private server: Server | undefined;
  private readonly hanging = new Set<() => void>();

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      this.requests.push({ path, headers: request.headers });
      const route = this.routes.get(path);
      if (!route) return void response.writeHead(404).end('not found');
      switch (route.kind) {
        case 'ics': {
          if (route.etag && request.headers['if-none-match'] === route.etag) return void response.writeHead(304).end();
          response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...(route.etag ? { etag: route.etag } : {}) });
          return void response.end(route.body);
        }
        case 'status':
          return void response.writeHead(route.status, { 'content-type': 'text/html' }).end('<html><body>Server error</body></html>');
        case 'hang': {
          // Never answers; let go when the test ends.
          this.hanging.add(() => response.destroy());
          return;
        }
        case 'redirect':
          return void response.writeHead(302, { location: route.to }).end();
        case 'stream': {
          response.writeHead(200, { 'content-type': 'text/calendar', ...(route.announce ? { 'content-length': String(route.bytes) } : {}) });
          const line = Buffer.from('X-FILLER:'.padEnd(1022, 'x') + '\r\n');
          let sent = 0;
          const pump = () => {
            while (sent < route.bytes) {
              sent += line.length;
              if (!response.write(line)) return void response.once('drain', pump);
            }
            response.end();
          };
          response.on('error', () => undefined);
          return pump();
        }
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  requestsTo(path: string) {
    return this.requests.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** `YYYYMMDD` of the site's today + days. */
export const icsDate = (days: number) => siteDate(days).replace(/-/g, '');

/** Lines joined as iCalendar wants them: CRLF, and lines over 75 octets folded (a CRLF and a space). */
export function ics(lines: string[]): string {
  const folded = lines.flatMap((line) => {
    const parts: string[] = [];
    for (let rest = line; rest.length > 0; rest = rest.slice(74)) parts.push(parts.length ? ` ${rest.slice(0, 74)}` : rest.slice(0, 74));
    return parts;
  });
  return `${folded.join('\r\n')}\r\n`;
}

/** An all-day event as Airbnb exports it: a reservation ("Reserved") or nights the host closed ("Airbnb (Not available)"). */
export function airbnbEvent(uid: string, start: number, end: number, summary = 'Reserved'): string[] {
  return [
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${icsDate(end)}`,
    `DTSTART;VALUE=DATE:${icsDate(start)}`,
    `UID:${uid}@airbnb.com`,
    ...(summary === 'Reserved'
      ? ['DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMXYZ12345\\nPhone Number (Last 4 Digits): 4821']
      : []),
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ];
}

export function airbnbFeed(events: string[][]): string {
  return ics([
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flat(),
    'END:VCALENDAR',
  ]);
}

/** An event as Booking.com exports it: "CLOSED - Not available", with a DTSTAMP. */
export function bookingComEvent(uid: string, start: number, end: number): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${icsDate(0)}T080000Z`,
    `DTSTART;VALUE=DATE:${icsDate(start)}`,
    `DTEND;VALUE=DATE:${icsDate(end)}`,
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
  ];
}

export function bookingComFeed(events: string[][]): string {
  return ics(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//admin.booking.com//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...events.flat(), 'END:VCALENDAR']);
}

/**
 * A timed event in New York's time zone, with the VTIMEZONE a calendar application writes: 20:00 there is 02:00 the next
 * day in Brussels (summer and winter alike), so its first night is the day after its New York date.
 */
export function newYorkEvent(uid: string, start: number, end: number): string[] {
  return [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:STANDARD',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;TZID=America/New_York:${icsDate(start)}T200000`,
    `DTEND;TZID=America/New_York:${icsDate(end)}T080000`,
    'SUMMARY:Owner stay',
    'END:VEVENT',
  ];
}

