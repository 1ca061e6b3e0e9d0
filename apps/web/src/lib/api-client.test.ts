import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { booking } from '../../test/fixtures';
import { api } from './api-client';

describe('calls built on the contract route table', () => {
  it('fills the declared path with URI-encoded params', async () => {
    const { requests } = mockApi({ 'PUT /bookings/:id/cancel': () => booking({ status: 'cancelled' }) });
    await api.bookings.cancel('a/b c');
    expect(requests[0]).toMatchObject({ method: 'PUT', path: '/bookings/a%2Fb%20c/cancel' });
  });

  it('leaves out a query left undefined and answers null for 204', async () => {
    const { requests } = mockApi({ 'GET /rooms': () => [], 'POST /auth/logout': () => ({ status: 204 }) });
    expect(await api.rooms.list()).toEqual([]);
    expect(requests[0]?.query.toString()).toBe('');
    expect(await api.auth.logout()).toBeNull();
  });
});

describe('routes that read headers or take an optional body', () => {
  it('sends the cancel body only when given, and no Idempotency-Key', async () => {
    const { requests } = mockApi({ 'PUT /bookings/:id/cancel': () => booking({ status: 'cancelled' }) });
    await api.bookings.cancel('b1');
    expect(requests[0]?.body).toBeUndefined();
    expect(requests[0]?.headers.get('content-type')).toBeNull();
    expect(requests[0]?.headers.get('idempotency-key')).toBeNull();
    await api.bookings.cancel('b1', { refund_amount: 0, reason: 'Travaux' });
    expect(requests[1]?.body).toEqual({ refund_amount: 0, reason: 'Travaux' });
  });
});
