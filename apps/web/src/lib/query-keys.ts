/**
 * Query keys shared across features, so that a mutation in one feature can invalidate what another shows
 * without importing it (e.g. a new booking refreshes "my bookings" and the room's availability).
 */
export const queryKeys = {
  config: ['config'] as const,
  me: ['auth', 'me'] as const,
  properties: ['properties'] as const,
  property: (id: string) => ['properties', id] as const,
  propertyRooms: (propertyId: string) => ['rooms', { propertyId }] as const,
  rooms: ['rooms'] as const,
  room: (id: string) => ['rooms', id] as const,
  roomAvailability: (id: string, start: string, end: string) => ['rooms', id, 'availability', start, end] as const,
  bookings: ['bookings'] as const,
  myBookings: ['bookings', 'mine'] as const,
};
