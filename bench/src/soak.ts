/**
 * `npm run bench -- --soak`: the production start under mixed traffic for BENCH_SOAK_SECONDS (10 minutes by default):
 * public pages and reads, searches of a room's calendar, bookings made and cancelled by guests, the admin's lists.
 * The server's resident memory every 30 s; its growth over the last 5 minutes (over the second half of a shorter
 * soak) says whether something leaks, and the p99 of the last minute is set beside the first minute's.
 */
import { addDays, isoWeekday } from '@roomweek/contract';
import { login } from './api.ts';
import { residentMemory } from './process-memory.ts';
import { publicPaths, type StartedSite } from './production-start.ts';

export const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SAMPLE_SECONDS = Math.min(30, Math.max(5, Math.floor(SOAK_SECONDS / 10)));
const WORKERS = 4;
const GUESTS = 4;

export interface SoakResult {
  seconds: number;
  requests: number;
  /** Answers ≥ 500 or no answer; refused bookings (409/422) are the traffic's own and counted apart. */
  failures: number;
  refusedBookings: number;
  bookings: number;
  samples: Array<{ second: number; rssMb: number }>;
  /** Resident memory growth over the last 5 minutes (the second half of a shorter soak), in percent. */
  growthPercent: number;
  growthWindowSeconds: number;
  p99FirstMinuteMs: number;
  p99LastMinuteMs: number;
}

interface RoomSummary {
  id: string;
  rules?: { changeover_days: number[]; min_nights: number; whole_weeks: boolean };
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN);
};

/** A stay the room's rules allow, `week` weeks after the next fortnight: its first changeover weekday, whole weeks. */
function stayFor(room: RoomSummary, today: string, week: number): { start: string; end: string } {
  const rules = room.rules ?? { changeover_days: [], min_nights: 7, whole_weeks: true };
  const arrival = rules.changeover_days[0] ?? 1;
  let start = addDays(today, 14 + 7 * week);
  while (isoWeekday(start) !== arrival) start = addDays(start, 1);
  const nights = Math.max(7, Math.ceil(rules.min_nights / 7) * 7);
  return { start, end: addDays(start, nights) };
}

async function registerGuest(url: string, index: number): Promise<string> {
  const email = `soak-${Date.now()}-${index}@bench.example`;
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Soak',
      first_name: `Guest${index}`,
      email,
      password: 'soak-password',
      birth_date: '1990-05-04',
      birth_place: 'Lyon',
      phone: '+33 6 12 34 56 78',
    }),
  });
  if (!response.ok) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  return login(url, email, 'soak-password');
}

export async function soak(site: StartedSite, adminPassword: string, adminEmail: string, log: (message: string) => void): Promise<SoakResult> {
  const { url } = site;
  const publicSide = await publicPaths(url);
  const rooms = (await (await fetch(`${url}/api/rooms`)).json()) as RoomSummary[];
  const admin = { authorization: `Bearer ${await login(url, adminEmail, adminPassword)}` };
  const guests: string[] = [];
  for (let index = 0; index < GUESTS; index++) guests.push(await registerGuest(url, index));
  const today = new Date().toISOString().slice(0, 10);
  const monday = addDays(today, 1 - isoWeekday(today));
  const adminPaths = ['/api/admin/bookings?limit=50', '/api/admin/bookings/summary', '/api/admin/availability', `/api/admin/timeline?start=${monday}&days=28`];

  const latencies: Array<{ at: number; ms: number }> = [];
  let failures = 0;
  let refusedBookings = 0;
  let bookings = 0;
  let turn = 0;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const timed = async (path: string, init: RequestInit = {}): Promise<Response | undefined> => {
    const before = performance.now();
    const response = await fetch(`${url}${path}`, { redirect: 'manual', ...init, headers: { 'accept-encoding': 'gzip, br', ...init.headers } }).catch(() => undefined);
    const body = await response?.arrayBuffer().catch(() => undefined);
    latencies.push({ at: elapsed(), ms: performance.now() - before });
    if (!response || response.status >= 500) failures++;
    return response && body ? new Response(body, { status: response.status }) : response;
  };
  const book = async () => {
    const room = rooms[turn % rooms.length]!;
    const guest = guests[turn % guests.length]!;
    const stay = stayFor(room, today, turn % 40);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${guest}` };
    const created = await timed('/api/bookings', {
      method: 'POST',
      headers,
      body: JSON.stringify({ room_id: room.id, start_date: stay.start, end_date: stay.end, payment_method: 'on_site' }),
    });
    if (created?.status !== 201) {
      if (created && created.status < 500) refusedBookings++;
      return;
    }
    bookings++;
    const { id } = (await created.json()) as { id: string };
    await timed(`/api/bookings/${id}/cancel`, { method: 'PUT', headers, body: '{}' });
  };
  // Per 20 turns: 11 public, 2 room calendars over other months, 2 searches by dates and party (issue 26), 2 bookings,
  // 3 admin reads.
  const step = async () => {
    const slot = turn++ % 20;
    if (slot < 11) await timed(publicSide[turn % publicSide.length]!, { headers: { 'accept-language': 'fr' } });
    else if (slot < 13) {
      const room = rooms[turn % rooms.length]!;
      const from = addDays(today, 7 * (turn % 30));
      await timed(`/api/rooms/${room.id}/availability?start=${from}&end=${addDays(from, 62)}`);
    } else if (slot < 15) {
      const from = addDays(today, 3 + (turn % 60));
      await timed(`/api/search?start_date=${from}&end_date=${addDays(from, 7 * (1 + (turn % 3)))}&guests=${1 + (turn % 3)}`);
    } else if (slot < 17) await book();
    else await timed(adminPaths[turn % adminPaths.length]!, { headers: admin });
  };

  const samples: SoakResult['samples'] = [{ second: 0, rssMb: residentMemory(site.pid)?.rssMb ?? Number.NaN }];
  const sampler = setInterval(() => {
    const rssMb = residentMemory(site.pid)?.rssMb ?? Number.NaN;
    samples.push({ second: Math.round(elapsed()), rssMb });
    log(`soak ${Math.round(elapsed())} s: ${rssMb} MB resident, ${latencies.length} requests`);
  }, SAMPLE_SECONDS * 1000);
  try {
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (elapsed() < SOAK_SECONDS) await step();
      }),
    );
  } finally {
    clearInterval(sampler);
  }

  const window = SOAK_SECONDS >= 600 ? 300 : SOAK_SECONDS / 2;
  const last = samples.at(-1)!;
  const from = samples.find((sample) => sample.second >= last.second - window) ?? samples[0]!;
  const minute = Math.min(60, SOAK_SECONDS / 5);
  return {
    seconds: Math.round(elapsed()),
    requests: latencies.length,
    failures,
    refusedBookings,
    bookings,
    samples,
    growthPercent: Math.round(((last.rssMb - from.rssMb) / from.rssMb) * 1000) / 10,
    growthWindowSeconds: last.second - from.second,
    p99FirstMinuteMs: p99(latencies.filter((entry) => entry.at < minute).map((entry) => entry.ms)),
    p99LastMinuteMs: p99(latencies.filter((entry) => entry.at >= elapsed() - minute).map((entry) => entry.ms)),
  };
}
