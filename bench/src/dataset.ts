import { randomUUID } from 'node:crypto';
import { addDays, calendarDateIn, stayTotalCents } from '@roomweek/contract';

/** The generated world: sizes from the issue (50 properties, 500 rooms, 50,000 bookings over two years). */
export const SIZES = { properties: 50, roomsPerProperty: 10, users: 1000, bookings: 50_000, firstBookings: 5_000 } as const;
/** Rooms that get all their bookings in the first step, so their availability answer is the same at 5,000 and 50,000. */
export const PROBE_ROOMS = 10;
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
  /** First and last generated night: one year back and one year ahead of today. */
  from: string;
  to: string;
  properties: PropertySeed[];
  rooms: RoomSeed[];
  users: UserSeed[];
  /** Inserted first (5,000, the probe rooms' bookings among them), then the rest (45,000). */
  firstBookings: BookingSeed[];
  restBookings: BookingSeed[];
  probeRoomIds: string[];
  /** The room and nights 200 clients race for; nobody else books them. */
  race: { roomId: string; start: string; end: string };
  /** Free stays past the generated range for POST /api/bookings, one per request, spread over the rooms. */
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

export function buildDataset(seed = 7): Dataset {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const today = calendarDateIn(SITE_TIME_ZONE);
  const days = 730;
  const from = addDays(today, -365);
  const to = addDays(from, days);
  const now = Date.now();

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
      rooms.push({
        id: randomUUID(),
        propertyId: property.id,
        roomNumber: String(101 + r),
        pricePerWeekCents: 15_000 + Math.floor(next() * 200) * 100,
        amenities: AMENITIES.filter(() => next() < 0.5),
        photos: [`/demo/room-${(r % 4) + 1}.webp`],
      });
    }
  }

  const users: UserSeed[] = Array.from({ length: SIZES.users }, (_, i) => ({
    id: randomUUID(),
    email: `guest${i + 1}@bench.example`,
    name: `Guest${i + 1}`,
    firstName: pick(['Ana', 'Luc', 'Marie', 'João', 'Elena', 'Tom', 'Sofia', 'Noah']),
  }));

  // Each room gets bookings/rooms slots of equal length across the two years; a stay of 1–6 nights starts in each
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
        totalCents: stayTotalCents(room.pricePerWeekCents, startDate, endDate),
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
  const others = byRoom.slice(PROBE_ROOMS).flat();
  // Deterministic shuffle of the other rooms' bookings; the first ones complete the 5,000.
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const fill = SIZES.firstBookings - firstBookings.length;
  firstBookings.push(...others.slice(0, fill));
  const restBookings = others.slice(fill);

  const raceRoom = rooms[rooms.length - 1]!;
  const race = { roomId: raceRoom.id, start: addDays(to, 14), end: addDays(to, 21) };
  const freeStart = addDays(to, 35);
  const bookable = rooms.filter((room) => room.id !== raceRoom.id);
  function* freeStays() {
    // Two nights each, the next free pair of nights of the next room: rooms rotate, so writes spread over rooms.
    for (let pair = 0; pair < 160; pair++) {
      const start = addDays(freeStart, pair * 2);
      for (const room of bookable) yield { roomId: room.id, start, end: addDays(start, 2) };
    }
  }

  return { today, from, to, properties, rooms, users, firstBookings, restBookings, probeRoomIds, race, freeStays };
}
