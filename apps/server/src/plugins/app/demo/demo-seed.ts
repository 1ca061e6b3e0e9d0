import { sql } from 'drizzle-orm';
import { toCents } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { properties, rooms } from '../../../db/schema.ts';
import type { PhotoStore } from '../uploads/photo-store.ts';
import { PALETTES, renderDemoPhotos } from './demo-photos.ts';

interface DemoProperty {
  key: string;
  name: string;
  location: string;
  description: string;
  latitude: number;
  longitude: number;
  rooms: Array<{ number: string; price: number; amenities: string[] }>;
}

const DEMO: DemoProperty[] = [
  {
    key: 'brussels',
    name: 'Maison Sablon',
    location: 'Bruxelles, Belgique',
    description:
      'Maison de maître rénovée au cœur du Sablon, à deux pas de la Grand-Place. Cuisine partagée, jardin intérieur et salon lumineux. Idéale pour un séjour de travail ou des études.',
    latitude: 50.8402,
    longitude: 4.3555,
    rooms: [
      { number: '101', price: 280, amenities: ['Wi-Fi', 'Bureau', 'Chauffage', 'Linge de lit'] },
      { number: '102', price: 320, amenities: ['Wi-Fi', 'Salle de bain privée', 'Bureau', 'Vue jardin', 'Linge de lit'] },
      { number: '201', price: 360, amenities: ['Wi-Fi', 'Balcon', 'Salle de bain privée', 'Lit double'] },
    ],
  },
  {
    key: 'lisbon',
    name: 'Casa Alfama',
    location: 'Lisboa, Portugal',
    description:
      'Maison traditionnelle aux azulejos dans le quartier d’Alfama, avec terrasse sur le Tage. Tram 28 au pied de la porte, cuisine équipée et laverie.',
    latitude: 38.7118,
    longitude: -9.1302,
    rooms: [
      { number: 'A1', price: 240, amenities: ['Wi-Fi', 'Terrasse', 'Ventilateur'] },
      { number: 'A2', price: 265, amenities: ['Wi-Fi', 'Vue sur le fleuve', 'Climatisation', 'Bureau'] },
    ],
  },
  {
    key: 'barcelona',
    name: 'Residència Gràcia',
    location: 'Barcelona, España',
    description:
      'Appartements modernisés dans le quartier vivant de Gràcia, près du Park Güell et du métro Fontana. Salle commune, rooftop et vélos à disposition.',
    latitude: 41.4036,
    longitude: 2.1565,
    rooms: [
      { number: '1A', price: 300, amenities: ['Wi-Fi', 'Climatisation', 'Rooftop'] },
      { number: '1B', price: 295.5, amenities: ['Wi-Fi', 'Climatisation', 'Bureau', 'Vélo'] },
      { number: '2A', price: 410, amenities: ['Wi-Fi', 'Climatisation', 'Salle de bain privée', 'Balcon', 'Lit double'] },
      { number: '2B', price: 385, amenities: ['Wi-Fi', 'Climatisation', 'Kitchenette'] },
    ],
  },
];

/** Fills an empty database with three demo properties and their rooms; does nothing once any property exists. */
export async function seedDemo(db: Executor, photoStore: PhotoStore): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(properties);
  if (count > 0) return false;
  for (const [index, demo] of DEMO.entries()) {
    const photos = await renderDemoPhotos(photoStore, demo.key, PALETTES[index % PALETTES.length]!, 3 + index, index % 2);
    const [property] = await db
      .insert(properties)
      .values({
        name: demo.name,
        location: demo.location,
        description: demo.description,
        roomCount: demo.rooms.length,
        latitude: demo.latitude,
        longitude: demo.longitude,
        photos: photos.propertyPhotos,
      })
      .returning({ id: properties.id });
    for (const [roomIndex, room] of demo.rooms.entries()) {
      await db.insert(rooms).values({
        propertyId: property!.id,
        roomNumber: room.number,
        pricePerWeekCents: toCents(room.price),
        amenities: room.amenities,
        photos: [await photos.roomPhoto(roomIndex)],
      });
    }
  }
  return true;
}
