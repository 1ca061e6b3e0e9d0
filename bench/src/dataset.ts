import { randomUUID } from 'node:crypto';
import {
  addDays,
  calendarDateIn,
  isoWeekday,
  quoteStay,
  type LongStayDiscount,
  type SeasonCents,
  type StayRules,
} from '@roomweek/contract';

/**
 * The generated world. By default the sizes of issue 7: 50 properties, 500 rooms, 50,000 bookings over two years,
 * measured at 5,000 and at 50,000. `BENCH_BOOKINGS=1000000` (PostgreSQL only): a chain's ten years — 200 properties,
 * 2,000 rooms, 500 stays per room — measured at 50,000 and at 1,000,000 bookings (issue 18).
 */
function sizes(bookings: number) {
  if (bookings !== 50_000 && bookings !== 1_000_000) throw new Error('BENCH_BOOKINGS is 50000 (the default) or 1000000');
  const large = bookings > 50_000;
  const years = large ? 10 : 2;
  const roomsPerProperty = 10;
  const properties = bookings / (50 * years) / roomsPerProperty;
  return { properties, roomsPerProperty, users: 1000, bookings, firstBookings: large ? 50_000 : 5_000, years } as const;
}
export const SIZES = sizes(Number(process.env.BENCH_BOOKINGS ?? 50_000));
/** Rooms that get all their bookings in the first step, so their availability answer is the same at 5,000 and 50,000. */
export const PROBE_ROOMS = 10;
/** With BENCH_BOOKINGS=1000000, every stay within this many days of today is in the first step (the present). */
const PRESENT_DAYS = 56;
export const BENCH_PASSWORD = 'bench-password';
export const SITE_TIME_ZONE = 'Europe/Brussels';

export interface PropertySeed {
  id: string;
  name: string;
  description: string;
  location: string;
  photos: string[];
  roomCount: number;
  latitude: number;
  longitude: number;
}
export interface RoomSeed {
  id: string;
  propertyId: string;
  roomNumber: string;
  pricePerWeekCents: number;
  amenities: string[];
  photos: string[];
  stayRules: StayRules;
  seasonalPrices: SeasonCents[];
  longStayDiscounts: LongStayDiscount[];
}
export interface UserSeed {
  id: string;
  email: string;
  name: string;
  firstName: string;
}
export interface BookingSeed {
  roomId: string;
  userId: string;
  userName: string;
  userEmail: string;
  startDate: string;
  endDate: string;
  totalCents: number;
  status: 'confirmed' | 'pending' | 'cancelled';
  paymentMethod: 'stripe' | 'paypal' | 'on_site';
  language: string;
  holdExpiresAt: Date | null;
  cancelReason: 'user' | 'admin' | 'expired' | null;
  createdAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
}

export interface Dataset {
  today: string;
  /** First and last generated night: one year back (nine with BENCH_BOOKINGS=1000000) and one year ahead of today. */
  from: string;
  to: string;
  properties: PropertySeed[];
  rooms: RoomSeed[];
  users: UserSeed[];
  /**
   * Inserted first (5,000, or 50,000 with BENCH_BOOKINGS=1000000; the probe rooms' bookings among them, and with
   * BENCH_BOOKINGS=1000000 every room's stays within PRESENT_DAYS of today), then the rest.
   */
  firstBookings: BookingSeed[];
  restBookings: BookingSeed[];
  probeRoomIds: string[];
  /** The room and nights 200 clients race for; nobody else books them. */
  race: { roomId: string; start: string; end: string };
  /** Five rooms and a week the same 200 clients race for over two instances (PostgreSQL): 1,000 requests, one winner per room. */
  race2: Array<{ roomId: string; start: string; end: string }>;
  /**
   * Free stays past the generated range for POST /api/bookings, one per request, spread over the rooms: a week from
   * Saturday to Saturday, as the rooms' rules ask, priced across their seasons (docs/behaviour.md §11).
   */
  freeStays: () => Iterator<{ roomId: string; start: string; end: string }>;
}

/** A small seeded generator (mulberry32), so every run benchmarks the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AMENITIES = ['wifi', 'desk', 'kitchen', 'washing machine', 'balcony', 'parking', 'private bathroom', 'heating'];
const CITIES = ['Brussels', 'Antwerp', 'Ghent', 'Liège', 'Leuven', 'Namur', 'Bruges', 'Mons'];
const LANGUAGES = ['fr', 'en', 'es', 'pt'];
/** Every room is let by the week from Saturday to Saturday, one to twelve weeks, with 5 % off from 4 weeks and 10 % from 8. */
const WEEKLY_RULES: StayRules = { changeover_days: [6], min_nights: 7, max_nights: 84, whole_weeks: true };
const LONG_STAY_DISCOUNTS: LongStayDiscount[] = [
  { min_weeks: 4, percent: 5 },
  { min_weeks: 8, percent: 10 },
];
/** The first Saturday on or after `date`. */
const saturdayFrom = (date: string) => addDays(date, (6 - isoWeekday(date) + 7) % 7);

export function buildDataset(seed = 7): Dataset {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const today = calendarDateIn(SITE_TIME_ZONE);
  const days = 365 * SIZES.years;
  const from = addDays(today, -365 * (SIZES.years - 1));
  const to = addDays(from, days);
  const now = Date.now();
  // Two seasons a year over the whole range, the booking call's weeks included: quotes cross season edges.
  const seasonsOf = (pricePerWeekCents: number): SeasonCents[] =>
    Array.from({ length: Math.min(2 * SIZES.years + 2, 20) }, (_, i) => addDays(from, i * 182 + 120)).map((start, i) => ({
      start_date: start,
      end_date: addDays(start, i % 2 === 0 ? 63 : 21),
      price_per_week_cents: Math.round(pricePerWeekCents * (i % 2 === 0 ? 1.4 : 1.2)),
    }));

  const properties: PropertySeed[] = [];
  const rooms: RoomSeed[] = [];
  for (let p = 0; p < SIZES.properties; p++) {
    const city = CITIES[p % CITIES.length]!;
    const property: PropertySeed = {
      id: randomUUID(),
      name: `${city} house ${String(p + 1).padStart(2, '0')}`,
      description: `A quiet shared house in ${city} with ${SIZES.roomsPerProperty} furnished rooms, a common kitchen and a garden, rented by the week. Close to public transport, shops and the university.`,
      location: `${p + 1} Rue de la Loi, ${city}`,
      photos: [`/demo/house-${(p % 4) + 1}.webp`, `/demo/house-${((p + 1) % 4) + 1}.webp`],
      roomCount: SIZES.roomsPerProperty,
      latitude: 50.8 + next() * 0.1,
      longitude: 4.3 + next() * 0.1,
    };
    properties.push(property);
    for (let r = 0; r < SIZES.roomsPerProperty; r++) {
      const pricePerWeekCents = 15_000 + Math.floor(next() * 200) * 100;
      rooms.push({
        id: randomUUID(),
        propertyId: property.id,
        roomNumber: String(101 + r),
        pricePerWeekCents,
        amenities: AMENITIES.filter(() => next() < 0.5),
        photos: [`/demo/room-${(r % 4) + 1}.webp`],
        stayRules: WEEKLY_RULES,
        seasonalPrices: seasonsOf(pricePerWeekCents),
        longStayDiscounts: LONG_STAY_DISCOUNTS,
      });
    }
  }

  const users: UserSeed[] = Array.from({ length: SIZES.users }, (_, i) => ({
    id: randomUUID(),
    email: `guest${i + 1}@bench.example`,
    name: `Guest${i + 1}`,
    firstName: pick(['Ana', 'Luc', 'Marie', 'João', 'Elena', 'Tom', 'Sofia', 'Noah']),
  }));

  // Each room gets bookings/rooms slots of equal length across the years; a stay of 1–6 nights starts in each
  // slot and ends before the next one, so no two stays of a room share a night (the exclusion constraint holds).
  const perRoom = SIZES.bookings / rooms.length;
  const slot = days / perRoom;
  const byRoom: BookingSeed[][] = rooms.map((room, roomIndex) =>
    Array.from({ length: perRoom }, (_, i) => {
      const slotStart = Math.floor(i * slot);
      const slotEnd = Math.floor((i + 1) * slot);
      const offset = Math.floor(next() * 2);
      const nights = 1 + Math.floor(next() * Math.min(6, slotEnd - slotStart - offset));
      const startDate = addDays(from, slotStart + offset);
      const endDate = addDays(startDate, nights);
      const user = users[(roomIndex * perRoom + i) % users.length]!;
      const roll = next();
      const status = roll < 0.88 ? 'confirmed' : roll < 0.98 ? 'cancelled' : 'pending';
      const paymentMethod = status === 'pending' ? pick(['stripe', 'paypal'] as const) : pick(['stripe', 'paypal', 'on_site'] as const);
      // Made at some moment 1 to 60 days before arrival (distinct instants, as real bookings are).
      const createdAt = new Date(Date.parse(`${startDate}T00:00:00Z`) - Math.floor((1 + next() * 60) * 86_400_000));
      const created = Math.min(createdAt.getTime(), now - Math.floor((1 + next() * 30) * 86_400_000));
      return {
        roomId: room.id,
        userId: user.id,
        userName: `${user.firstName} ${user.name}`,
        userEmail: user.email,
        startDate,
        endDate,
        // Made before the rules (stays of 1–6 nights), at the price the quote gives them.
        totalCents: quoteStay(
          { pricePerWeekCents: room.pricePerWeekCents, rules: room.stayRules, seasons: room.seasonalPrices, discounts: room.longStayDiscounts },
          startDate,
          endDate,
        ).totalCents,
        status,
        paymentMethod,
        language: pick(LANGUAGES),
        // Pending ones are holds that ran out long ago: they no longer take their nights.
        holdExpiresAt: status === 'pending' ? new Date(created + 30 * 60_000) : null,
        cancelReason: status === 'cancelled' ? pick(['user', 'admin', 'expired'] as const) : null,
        createdAt: new Date(created),
        confirmedAt: status === 'confirmed' ? new Date(created + 60_000) : null,
        cancelledAt: status === 'cancelled' ? new Date(created + 3_600_000) : null,
      } satisfies BookingSeed;
    }),
  );

  const probeRoomIds = rooms.slice(0, PROBE_ROOMS).map((room) => room.id);
  const firstBookings = byRoom.slice(0, PROBE_ROOMS).flat();
  let others = byRoom.slice(PROBE_ROOMS).flat();
  if (SIZES.years > 2) {
    // A chain's ten years: the first size already holds every room's present (the stays within PRESENT_DAYS of
    // today, all that the admin's availability screen and the bench's timeline weeks show), so the two sizes answer
    // the same rows and only the history grows from 50,000 to 1,000,000 (issue 18). Otherwise the first size would
    // be a sparse sample of every day, and the timeline's answer itself would grow twentyfold.
    const [presentFrom, presentTo] = [addDays(today, -PRESENT_DAYS), addDays(today, PRESENT_DAYS)];
    const present = (stay: BookingSeed) => stay.endDate >= presentFrom && stay.startDate < presentTo;
    firstBookings.push(...others.filter(present));
    others = others.filter((stay) => !present(stay));
  }
  // Deterministic shuffle of the other rooms' bookings; the first ones complete the 5,000.
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const fill = SIZES.firstBookings - firstBookings.length;
  if (fill < 0) throw new Error(`the first step's ${firstBookings.length} fixed bookings exceed its ${SIZES.firstBookings}`);
  firstBookings.push(...others.slice(0, fill));
  const restBookings = others.slice(fill);

  const raceRoom = rooms[rooms.length - 1]!;
  const raceStart = saturdayFrom(addDays(to, 14));
  const race = { roomId: raceRoom.id, start: raceStart, end: addDays(raceStart, 7) };
  // A free week (after the race's, before the free stays below) in five other rooms.
  const race2Start = saturdayFrom(addDays(to, 21));
  const race2 = rooms.slice(-6, -1).map((room) => ({ roomId: room.id, start: race2Start, end: addDays(race2Start, 7) }));
  const freeStart = saturdayFrom(addDays(to, 35));
  const bookable = rooms.filter((room) => room.id !== raceRoom.id);
  function* freeStays() {
    // A week each, the next free week of the next room: rooms rotate, so writes spread over rooms. 45 weeks keep
    // every arrival within the 730 days ahead a booking may start (499 rooms × 45 = 22,455 stays).
    for (let week = 0; week < 45; week++) {
      const start = addDays(freeStart, week * 7);
      for (const room of bookable) yield { roomId: room.id, start, end: addDays(start, 7) };
    }
  }

  return { today, from, to, properties, rooms, users, firstBookings, restBookings, probeRoomIds, race, race2, freeStays };
}
