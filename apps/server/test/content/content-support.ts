import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Property, Room } from '@roomweek/contract';
import { bearer, createProperty, createRoom } from '../helper.ts';

/** A property written in French with some translations: Spanish complete, Portuguese only its name, English none. */
export const TEXTS = {
  fr: { name: 'Maison des Dunes', description: 'Une maison calme près de la mer.', location: 'Ostende, Belgique' },
  es: { name: 'Casa de las Dunas', description: 'Una casa tranquila cerca del mar.', location: 'Ostende, Bélgica' },
  pt: { name: 'Casa das Dunas' },
};

export async function createTranslatedProperty(app: FastifyInstance, adminToken: string): Promise<Property> {
  return createProperty(app, adminToken, { ...TEXTS.fr, translations: { es: TEXTS.es, pt: TEXTS.pt } });
}

/** A room listing two vocabulary keys and one free-text amenity. */
export async function createRoomWithAmenities(app: FastifyInstance, adminToken: string, propertyId: string): Promise<Room> {
  return createRoom(app, adminToken, propertyId, { amenities: ['wifi', 'Vue sur les dunes', 'terrace'] });
}

/** A GET as a visitor sends it: `?lang=` and/or Accept-Language, and a token when given. */
export function read(app: FastifyInstance, url: string, options: { acceptLanguage?: string; token?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    url,
    headers: {
      ...(options.acceptLanguage === undefined ? {} : { 'accept-language': options.acceptLanguage }),
      ...(options.token ? bearer(options.token) : {}),
    },
  });
}
