import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BOOT_DATA_ID, takeBootData } from './boot-data';

function bootScript(text: string) {
  const script = document.createElement('script');
  script.id = BOOT_DATA_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => document.getElementById(BOOT_DATA_ID)?.remove());

describe('the boot data of a server-rendered page', () => {
  it('puts the reads into the cache, a failed one as the ApiError the pages test for', () => {
    const query = (key: string[], state: object) => ({ queryKey: key, queryHash: JSON.stringify(key), state: { dataUpdateCount: 1, dataUpdatedAt: Date.now(), errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle', data: undefined, error: null, status: 'success', ...state } });
    bootScript(
      JSON.stringify({
        state: {
          mutations: [],
          queries: [
            query(['config'], { data: { site_url: 'https://rooms.example' } }),
            query(['rooms', 'x', 'fr'], { status: 'error', error: { name: 'ApiError', status: 404, code: 'room_not_found', detail: 'Room not found' } }),
          ],
        },
      }),
    );
    const client = new QueryClient();
    expect(takeBootData(client)).not.toBeNull();
    expect(client.getQueryData(['config'])).toEqual({ site_url: 'https://rooms.example' });
    const error = client.getQueryState(['rooms', 'x', 'fr'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'room_not_found', detail: 'Room not found' });
  });

  it('is absent from a page the browser renders, and garbled boot data is ignored', () => {
    expect(takeBootData(new QueryClient())).toBeNull();
    bootScript('{"state": ');
    expect(takeBootData(new QueryClient())).toBeNull();
  });
});
