import { z } from 'zod';
import { CheckInDay, CheckInDayQuery, CheckInExportQuery, MAX_CHECK_IN_EXPORT_DAYS } from './check-in.ts';
import { adminErrors } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/** The guest registration for the authorities (issue 32 item 4, docs/decisions/0042). Part of routes.ts's table. */
export const checkInRoutes = Object.freeze({
  day: defineRoute(paths.checkIns.day, {
    auth: 'admin',
    summary:
      'The stays arriving on one of the site’s days (confirmed or awaiting payment, optionally one property’s), each with ' +
      'its check-in status and every traveller’s name and whether they are complete; admins and staff',
    querystring: CheckInDayQuery,
    response: { 200: CheckInDay, ...adminErrors },
  }),
  exportCsv: defineRoute(paths.checkIns.exportCsv, {
    auth: 'admin',
    summary:
      'The travellers of the stays arriving from `from` to `to` (both included, at most ' +
      `${MAX_CHECK_IN_EXPORT_DAYS} days; optionally one property’s) as CSV for the authorities: UTF-8, a header row, one ` +
      'row per traveller with every field, the fields in the order of the property’s registration country; admins only',
    querystring: CheckInExportQuery,
    response: { 200: z.string().meta({ description: 'text/csv' }), ...adminErrors },
  }),
});
