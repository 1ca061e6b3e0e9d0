import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { booking } from '../../test/fixtures';
import { api, ApiError } from './api-client';

describe('api.admin.bookings', () => {
  it('sends the filter and the page, and reads the total from X-Total-Count', async () => {
    const { requests } = mockApi({
      'GET /admin/bookings': () => ({ body: [booking()], headers: { 'X-Total-Count': '4321' } }),
    });
    const page = await api.admin.bookings({ status: 'pending', q: 'Dupont', limit: 50, offset: 100 });
    expect(page).toEqual({ items: [booking()], total: 4321 });
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ status: 'pending', q: 'Dupont', limit: '50', offset: '100' });
  });

  it('leaves out an empty search and counts the page alone when the header is missing', async () => {
    const { requests } = mockApi({ 'GET /admin/bookings': () => [booking(), booking()] });
    expect(await api.admin.bookings({ q: '', limit: 50, offset: 0 })).toMatchObject({ total: 2 });
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ limit: '50', offset: '0' });
  });

  it('throws the API error like every other call', async () => {
    mockApi({ 'GET /admin/bookings': () => ({ status: 403, body: { detail: 'No', code: 'forbidden' } }) });
    await expect(api.admin.bookings({ limit: 50 })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('calls built on the contract route table', () => {
  it('fills the declared path with URI-encoded params', async () => {
    const { requests } = mockApi({ 'PUT /bookings/:id/cancel': () => booking({ status: 'cancelled' }) });
    await api.bookings.cancel('a/b c');
    expect(requests[0]).toMatchObject({ method: 'PUT', path: '/bookings/a%2Fb%20c/cancel' });
  });

  it('leaves out a query left undefined and answers null for 204', async () => {
    const { requests } = mockApi({ 'GET /rooms': () => [], 'DELETE /rooms/:id': () => ({ status: 204 }) });
    expect(await api.rooms.list()).toEqual([]);
    expect(requests[0]?.query.toString()).toBe('');
    expect(await api.rooms.remove('r1')).toBeNull();
  });
});

describe('routes that read headers or take an optional body', () => {
  it('sends the Idempotency-Key of a refund, and the cancel body only when given', async () => {
    const { requests } = mockApi({
      'POST /admin/bookings/:id/refund': () => booking(),
      'PUT /bookings/:id/cancel': () => booking({ status: 'cancelled' }),
    });
    await api.admin.refund('b1', { amount: 12.5 }, 'key-0123456789');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-0123456789');
    expect(requests[0]?.body).toEqual({ amount: 12.5 });

    await api.bookings.cancel('b1');
    expect(requests[1]?.body).toBeUndefined();
    expect(requests[1]?.headers.get('content-type')).toBeNull();
    expect(requests[1]?.headers.get('idempotency-key')).toBeNull();
    await api.bookings.cancel('b1', { refund_amount: 0, reason: 'Travaux' });
    expect(requests[2]?.body).toEqual({ refund_amount: 0, reason: 'Travaux' });
  });
});
