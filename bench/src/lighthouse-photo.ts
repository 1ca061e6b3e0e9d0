import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Sharp from 'sharp';

/**
 * The generated data names photos (`/demo/house-1.webp`…) that no store holds. A page measured with a broken image
 * has no image to paint, and its LCP is a line of text: not what a guest's phone does. Before Lighthouse runs, the
 * measured property and room each get one photo as a phone takes it, uploaded through the admin API (POST /api/upload,
 * re-encoded and thumbnailed by the server as any upload) and set with PUT, unless their first photo already answers.
 */

/** sharp is the server's dependency (it encodes every upload): loaded from there, as the bench loads the server's code. */
const serverRequire = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)));

export interface PhotoSetup {
  /** existing: the first photos already answered; uploaded: this run uploaded them; missing: broken and not fixed. */
  status: 'existing' | 'uploaded' | 'missing';
  property: string[];
  room: string[];
  /** Bytes of the uploaded picture as the server stored it (its WebP), when uploaded. */
  storedBytes?: { property: number; room: number };
  note?: string;
}

interface Place {
  id: string;
  photos: string[];
}

const WIDTH = 2000;
const HEIGHT = 1500;

function sceneSvg(kind: 'house' | 'room'): string {
  const house = `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <ellipse cx="420" cy="1420" rx="700" ry="220" fill="#6f9a57"/>
    <ellipse cx="1600" cy="1450" rx="800" ry="240" fill="#5d8a48"/>
    <rect x="520" y="520" width="960" height="760" fill="#e9dfcf"/>
    <polygon points="460,540 1000,200 1540,540" fill="#9b3b2e"/>
    ${[0, 1, 2].flatMap((row) => [0, 1, 2, 3].map((col) => `<rect x="${590 + col * 220}" y="${600 + row * 210}" width="150" height="130" rx="8" fill="${(row + col) % 3 ? '#8fb7cf' : '#f3d98b'}" stroke="#fff" stroke-width="12"/>`)).join('')}
    <rect x="940" y="1080" width="120" height="200" rx="10" fill="#4a3326"/>
    <rect x="0" y="1280" width="${WIDTH}" height="220" fill="#b9b1a2"/>`;
  const room = `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#efe7da"/>
    <rect x="0" y="1050" width="${WIDTH}" height="450" fill="#a0714f"/>
    <rect x="1250" y="200" width="520" height="480" rx="14" fill="url(#sky)" stroke="#fff" stroke-width="22"/>
    <rect x="260" y="760" width="900" height="330" rx="40" fill="#fafafa"/>
    <rect x="260" y="880" width="900" height="210" rx="34" fill="#3d6b8c"/>
    <rect x="300" y="780" width="240" height="100" rx="34" fill="#e6e6e6"/>
    <rect x="1240" y="860" width="210" height="230" rx="14" fill="#7b5a3f"/>
    <path d="M1290 700 L1400 700 L1370 620 L1320 620 Z" fill="#f6d98b"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#dbe9f5"/></linearGradient></defs>
    ${kind === 'house' ? house : room}</svg>`;
}

/**
 * A 2000 × 1500 JPEG with a photograph's grain and fine detail (a drawn scene under blurred noise), so that it
 * weighs what a phone's photo weighs once the server has re-encoded it (about 200–270 KB of WebP at 1920 px), not the
 * few KB of a flat drawing.
 */
export async function makePhoto(kind: 'house' | 'room'): Promise<Buffer> {
  const sharp = serverRequire('sharp') as typeof Sharp;
  const noise = (sigma: number, blur: number) =>
    sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).blur(blur).png().toBuffer();
  // Fine grain, and a coarser mottling as of surfaces and foliage.
  const [grain, mottle] = await Promise.all([noise(60, 0.7), noise(120, 3)]);
  return sharp(Buffer.from(sceneSvg(kind)))
    .composite([
      { input: mottle, blend: 'soft-light' },
      { input: grain, blend: 'soft-light' },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function answers(baseUrl: string, photo: string | undefined): Promise<boolean> {
  if (!photo) return false;
  const response = await fetch(new URL(photo, baseUrl), { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  await response?.arrayBuffer().catch(() => undefined);
  return Boolean(response?.ok && response.headers.get('content-type')?.startsWith('image/'));
}

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function upload(baseUrl: string, token: string, kind: 'house' | 'room'): Promise<{ url: string; bytes: number }> {
  const form = new FormData();
  form.append('file', new Blob([await makePhoto(kind)], { type: 'image/jpeg' }), `${kind}.jpg`);
  const { url } = await call<{ url: string }>(baseUrl, token, 'POST', '/api/upload', form);
  const stored = await fetch(new URL(url, baseUrl), { headers: { 'accept-encoding': 'identity' } });
  return { url, bytes: (await stored.arrayBuffer()).byteLength };
}

interface AdminProperty {
  name: string;
  description: string;
  location: string;
  room_count: number;
  latitude: number | null;
  longitude: number | null;
}

interface AdminRoom {
  property_id: string;
  room_number: string;
  price_per_week: number;
  amenities: string[];
  amenity_keys?: string[];
}

/**
 * Gives the property and the room a real first photo when theirs does not answer (the admin's token needed);
 * their other texts and terms are sent back as the admin reads them (translations, rules and prices left out stay).
 */
export async function ensurePhotos(baseUrl: string, adminToken: string | undefined, property: Place, room: Place): Promise<PhotoSetup> {
  if ((await answers(baseUrl, property.photos[0])) && (await answers(baseUrl, room.photos[0]))) {
    return { status: 'existing', property: property.photos, room: room.photos };
  }
  if (!adminToken) {
    return { status: 'missing', property: property.photos, room: room.photos, note: 'first photo does not answer and no admin token to upload one' };
  }
  const house = await upload(baseUrl, adminToken, 'house');
  const bedroom = await upload(baseUrl, adminToken, 'room');
  const current = await call<AdminProperty>(baseUrl, adminToken, 'GET', `/api/properties/${property.id}?lang=fr`);
  await call(baseUrl, adminToken, 'PUT', `/api/properties/${property.id}`, {
    name: current.name,
    description: current.description,
    location: current.location,
    room_count: current.room_count,
    latitude: current.latitude,
    longitude: current.longitude,
    photos: [house.url],
  });
  const currentRoom = await call<AdminRoom>(baseUrl, adminToken, 'GET', `/api/rooms/${room.id}?lang=fr`);
  await call(baseUrl, adminToken, 'PUT', `/api/rooms/${room.id}`, {
    property_id: currentRoom.property_id,
    room_number: currentRoom.room_number,
    price_per_week: currentRoom.price_per_week,
    amenities: currentRoom.amenity_keys ?? currentRoom.amenities,
    photos: [bedroom.url],
  });
  return { status: 'uploaded', property: [house.url], room: [bedroom.url], storedBytes: { property: house.bytes, room: bedroom.bytes } };
}
