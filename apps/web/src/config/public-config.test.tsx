import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '../../test/api-mock';
import { atFixedTime } from '../../test/fake-clock';
import { config } from '../../test/fixtures';
import { publicConfigQuery, useSiteToday, useSiteYear } from './public-config';

function wrapperWith(client = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("the site's today", () => {
  // 23:30 UTC on 31 December 2030: already 2031 in Brussels, still 2030 on a device in UTC.
  atFixedTime('2030-12-31T23:30:00Z');

  it("is the server's date for the site, whatever the device's clock says", async () => {
    mockApi({ 'GET /config': () => ({ ...config, site_today: '2031-03-02' }) });
    const { result } = renderHook(() => useSiteToday(), { wrapper: wrapperWith() });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe('2031-03-02'));
  });

  it("falls back to the device's clock in the site's zone when the server names no date", async () => {
    mockApi({ 'GET /config': () => ({ ...config, site_today: '' }) });
    const { result } = renderHook(() => useSiteToday(), { wrapper: wrapperWith() });
    await waitFor(() => expect(result.current).toBe('2031-01-01'));
  });

  it("gives the footer the year of the server's date once the config is in the cache", () => {
    const client = createQueryClient();
    client.setQueryData(publicConfigQuery.queryKey, { ...config, site_today: '2032-07-01' });
    expect(renderHook(() => useSiteYear(), { wrapper: wrapperWith(client) }).result.current).toBe('2032');
    expect(renderHook(() => useSiteYear(), { wrapper: wrapperWith() }).result.current).toBe('2030');
  });
});
