import { z } from 'zod';
import {
  Block,
  BlockBody,
  BlockParams,
  Calendar,
  CalendarBody,
  CalendarConflict,
  CalendarParams,
  IcalExport,
  IcalTokenParams,
  RoomIdParams,
  Timeline,
  TimelineQuery,
} from './calendar.ts';
import { adminErrors, ErrorResponse } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

const roomErrors = { ...adminErrors, 404: ErrorResponse, 409: ErrorResponse };

/**
 * The owner's calendar (docs/behaviour.md §14): blocks, iCal export and import, the timeline. Part of routes.ts's table.
 * Built by a call, not a bare object literal: the web build's pure-contract plugin (apps/web/vite.config.ts) marks calls
 * pure, so these schemas stay out of the pages that do not use them.
 */
export const calendarRoutes = Object.freeze({
  timeline: defineRoute(paths.calendar.timeline, {
    auth: 'admin',
    summary:
      'The rooms × days timeline in one call: every bookable room, the stays taking nights in [start, start + days) with ' +
      'guest, total and payment, and the blocks (manual, imported, conflicts). start defaults to today, days to 28 (at most 62)',
    querystring: TimelineQuery,
    response: { 200: Timeline, ...adminErrors },
  }),
  blocks: defineRoute(paths.calendar.blocks, {
    auth: 'admin',
    summary: "The room's blocks not over yet, manual and imported, by arrival",
    params: RoomIdParams,
    response: { 200: z.array(Block), ...roomErrors },
  }),
  createBlock: defineRoute(paths.calendar.createBlock, {
    auth: 'admin',
    summary:
      "Blocks a room's nights [start_date, end_date) with a note: nobody may book them. 409 room_unavailable when a booking " +
      'has one of them (the same database rule as between bookings)',
    params: RoomIdParams,
    body: BlockBody,
    response: { 201: Block, ...roomErrors },
  }),
  removeBlock: defineRoute(paths.calendar.removeBlock, {
    auth: 'admin',
    summary: 'Frees the nights of a manual block. 409 imported_block for an imported event (remove it at its source)',
    params: BlockParams,
    response: { 204: z.null(), ...roomErrors },
  }),
  calendars: defineRoute(paths.calendar.calendars, {
    auth: 'admin',
    summary: "The room's imported feeds, each with its last successful sync, its last attempt and its last error",
    params: RoomIdParams,
    response: { 200: z.array(Calendar), ...roomErrors },
  }),
  addCalendar: defineRoute(paths.calendar.addCalendar, {
    auth: 'admin',
    summary:
      "Imports another platform's feed (an http(s) iCal URL) into the room, synced every ICAL_SYNC_MINUTES. 400 " +
      'calendar_url_refused for a private, loopback or link-local address; 409 calendar_exists, too_many_calendars',
    params: RoomIdParams,
    body: CalendarBody,
    response: { 201: Calendar, ...roomErrors },
  }),
  removeCalendar: defineRoute(paths.calendar.removeCalendar, {
    auth: 'admin',
    summary: 'Stops importing the feed and frees the nights its events blocked',
    params: CalendarParams,
    response: { 204: z.null(), ...roomErrors },
  }),
  syncCalendar: defineRoute(paths.calendar.syncCalendar, {
    auth: 'admin',
    summary:
      'Fetches the feed now and answers how it went (last_error when it failed: the last good blocks are kept). 409 ' +
      'calendar_sync_running while another sync of it runs',
    params: CalendarParams,
    response: { 200: Calendar, ...roomErrors },
  }),
  regenerateToken: defineRoute(paths.calendar.regenerateToken, {
    auth: 'admin',
    summary: "A new secret URL for the room's exported feed; the old one answers 404 from now on",
    params: RoomIdParams,
    response: { 200: IcalExport, ...roomErrors },
  }),
  conflicts: defineRoute(paths.calendar.conflicts, {
    auth: 'admin',
    summary: 'Imported events sharing nights with our bookings (neither is dropped nor cancelled): room, booking, feed, UID, dates',
    response: { 200: z.array(CalendarConflict), ...adminErrors },
  }),
  exportFeed: defineRoute(paths.calendar.exportFeed, {
    auth: 'public',
    summary:
      "A room's nights as an iCal feed (text/calendar) for Airbnb, Booking.com or Vrbo to import: its stays and holds and its " +
      'blocks as all-day events, with no name, e-mail or price. The URL is the secret; 404 for an unknown one',
    params: IcalTokenParams,
    response: { 200: z.string().meta({ description: 'text/calendar; charset=utf-8' }), 404: ErrorResponse },
  }),
});
