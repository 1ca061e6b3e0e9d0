import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '../../../../test/api-mock';
import { booking } from '../../../../test/fixtures';
import { adminApi } from './admin-api';

describe('adminApi.bookings', () => {
  it('sends the filter and the page, and reads the total from X-Total-Count', async () => {
    const { requests } = mockApi({
      'GET /admin/bookings': () => ({ body: [booking()], headers: { 'X-Total-Count': '4321' } }),
    });
    const page = await adminApi.bookings({ status: 'pending', q: 'Dupont', limit: 50, offset: 100 });
    expect(page).toEqual({ items: [booking()], total: 4321 });
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ status: 'pending', q: 'Dupont', limit: '50', offset: '100' });
  });

  it('leaves out an empty search and counts the page alone when the header is missing', async () => {
    const { requests } = mockApi({ 'GET /admin/bookings': () => [booking(), booking()] });
    expect(await adminApi.bookings({ q: '', limit: 50, offset: 0 })).toMatchObject({ total: 2 });
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ limit: '50', offset: '0' });
  });

  it('throws the API error like every other call', async () => {
    mockApi({ 'GET /admin/bookings': () => ({ status: 403, body: { detail: 'No', code: 'forbidden' } }) });
    await expect(adminApi.bookings({ limit: 50 })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('adminApi.refund', () => {
  it('sends the Idempotency-Key of a refund with its body', async () => {
    const { requests } = mockApi({ 'POST /admin/bookings/:id/refund': () => booking() });
    await adminApi.refund('b1', { amount: 12.5 }, 'key-0123456789');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-0123456789');
    expect(requests[0]?.body).toEqual({ amount: 12.5 });
  });
});

describe('adminApi.rooms.remove', () => {
  it('answers null for 204', async () => {
    const { requests } = mockApi({ 'DELETE /rooms/:id': () => ({ status: 204 }) });
    expect(await adminApi.rooms.remove('r1')).toBeNull();
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: '/rooms/r1' });
  });
});
