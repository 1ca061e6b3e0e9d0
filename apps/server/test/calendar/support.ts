import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Block, Calendar, Timeline } from '@roomweek/contract';
import { bearer } from '../helper.ts';

/** The calendar calls of docs/behaviour.md §14, as the admin (or whoever `token` is) makes them. */
export function calendarCalls(app: FastifyInstance, token: string) {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    send,
    block: (roomId: string, start_date: string, end_date: string, note?: string) => send('POST', `/api/admin/rooms/${roomId}/blocks`, { start_date, end_date, note }),
    blocks: async (roomId: string) => (await send('GET', `/api/admin/rooms/${roomId}/blocks`)).json<Block[]>(),
    addCalendar: async (roomId: string, name: string, url: string) => {
      const response = await send('POST', `/api/admin/rooms/${roomId}/calendars`, { name, url });
      if (response.statusCode !== 201) throw new Error(`add calendar failed: ${response.statusCode} ${response.body}`);
      return response.json<Calendar>();
    },
    calendars: async (roomId: string) => (await send('GET', `/api/admin/rooms/${roomId}/calendars`)).json<Calendar[]>(),
    sync: (roomId: string, calendarId: string) => send('POST', `/api/admin/rooms/${roomId}/calendars/${calendarId}/sync`),
    timeline: async (query = '') => (await send('GET', `/api/admin/timeline${query}`)).json<Timeline>(),
  };
}

/** The nights of a list of ranges, `start→end`, sorted: easy to compare. */
export const ranges = (list: { start_date: string; end_date: string }[]) => list.map((r) => `${r.start_date}→${r.end_date}`).sort();
