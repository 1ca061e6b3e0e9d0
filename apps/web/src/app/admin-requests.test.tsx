import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusinessSettings } from '@roomweek/contract';
import { adminPaths } from '@/features/admin-shell/paths';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi, PAYMENT_SETTINGS } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../test/render-app';

/** With 50,000 bookings the full list is 24 MB: no admin screen may ask for it (decision 0009). */
describe('the admin area never downloads every booking', () => {
  it.each(Object.entries(adminPaths))('%s (%s) asks only for what it shows', async (_name, path) => {
    const { requests, fetchMock } = mockAdminApi(
      { rooms: [adminRoom()], bookings: Array.from({ length: 120 }, () => adminBooking()) },
      {
        'GET /payment-settings': () => PAYMENT_SETTINGS,
        'GET /admin/whatsapp-settings': () => ({ whatsapp_number: '+32 470 12 34 56', delivery: 'log' }),
        'GET /admin/business': () => BusinessSettings.parse({}),
        'GET /admin/security-settings': () => ({ require_two_factor_for_staff: false }),
        'GET /admin/reviews': () => ({ reviews: [], next_cursor: null }),
        'GET /admin/guests': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
        'GET /admin/check-ins': ({ query }) => ({ date: query.get('date')!, arrivals: [], complete: 0 }),
        'GET /admin/invoices': ({ query }) => ({ from: query.get('from')!, to: query.get('to')!, documents: [], totals: { count: 0, net: 0, vat: 0, taxes: 0, total: 0 } }),
      },
    );
    const { queryClient } = renderApp(path, { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1 }, LOAD);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const paths = requests.map((request) => request.path);
    expect(paths).not.toContain('/bookings/all');
    // Every list of bookings asked for is one page.
    for (const request of requests.filter((r) => r.path === '/admin/bookings')) {
      expect(request.query.get('limit')).toBe('50');
    }
    // And nothing went unanswered: the fake API knows every call these screens make.
    const responses = await Promise.all(fetchMock.mock.results.map((result) => result.value as Promise<Response>));
    expect(responses.map((response, i) => `${response.status} ${paths[i]}`).filter((line) => !line.startsWith('200'))).toEqual([]);
  });
});
