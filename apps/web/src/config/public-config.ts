import { calendarDateIn, type PublicConfig } from '@roomweek/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toCalendarDate } from '@/lib/calendar-date';
import { queryKeys } from '@/lib/query-keys';

/** What the app assumes until (or if) GET /api/config answers. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  whatsapp_number: '',
  paypal_client_id: '',
  paypal_mode: 'sandbox',
  stripe_enabled: false,
  paypal_enabled: false,
  map_tile_url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  default_language: 'fr',
  site_time_zone: 'Europe/Brussels',
  /** Unknown until the server answers: the device's clock in the site's zone stands in (siteTodayOf). */
  site_today: '',
  booking_hold_minutes: 30,
  site_url: '',
  business: null,
  invoice_retention_years: 10,
};

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api.config(signal),
  staleTime: 5 * 60_000,
});

/** The public settings, with defaults while loading or if the call fails; `ready` once settled. */
export function usePublicConfig(): { config: PublicConfig; ready: boolean } {
  const { data, isPending } = useQuery(publicConfigQuery);
  return { config: data ?? DEFAULT_PUBLIC_CONFIG, ready: !isPending };
}

/** The server's date for the site; without it, the device's clock in the site's zone. */
function siteTodayOf(config: PublicConfig): string {
  if (config.site_today) return config.site_today;
  try {
    return calendarDateIn(config.site_time_zone);
  } catch {
    return calendarDateIn(DEFAULT_PUBLIC_CONFIG.site_time_zone);
  }
}

/** Today's calendar date where the rooms are (the site's time zone), or null until the config is known. */
export function useSiteToday(): string | null {
  const { config, ready } = usePublicConfig();
  return ready ? siteTodayOf(config) : null;
}

/**
 * The site's year when the config came with the page (a server-rendered page: the same on the server and while
 * hydrating), else the device's. It never asks for the config: every screen's footer shows it.
 */
export function useSiteYear(): string {
  const config = useQueryClient().getQueryData<PublicConfig>(publicConfigQuery.queryKey);
  return (config ? siteTodayOf(config) : toCalendarDate(new Date())).slice(0, 4);
}
