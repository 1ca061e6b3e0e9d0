import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from './api-mock';
import { availability, room } from './fixtures';

/**
 * The fake API is typed by the contract: these lines compile only while a handler must answer its route's reply
 * (`npm run typecheck` checks the `@ts-expect-error`s: one that no longer errs fails the check).
 */
const routes: MockRoutes = {
  'GET /rooms/:id': () => room,
  // @ts-expect-error the availability answer has `blocks` and the room's terms beside `bookings`
  'GET /rooms/:id/availability': () => ({ bookings: [] }),
  // @ts-expect-error an error answers the API's `{detail, code}`
  'GET /bookings': () => ({ status: 500, body: { message: 'boom' } }),
};
const unknownRoute: MockRoutes = {
  // @ts-expect-error no such route in the contract
  'GET /rooms/:id/photos': () => [],
};

describe('the fake API', () => {
  it('answers a route by its contract path, with its path parameters by name', async () => {
    let asked = '';
    mockApi({ ...routes, ...unknownRoute, 'GET /rooms/:id/availability': ({ params }) => ((asked = params.id), availability([])) });
    const response = await fetch('/api/rooms/abc%20d/availability?start=2030-01-01');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bookings: [], blocks: [] });
    expect(asked).toBe('abc d');
  });
});
