import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailabilityQuery, AvailabilityResponse, ErrorResponse, IdParams, Room, RoomDetail, RoomInput, RoomsQuery } from '@roomweek/contract';

const tags = ['rooms'];
const adminErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const secured = [{ bearer: [] }];

const rooms: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { publicCache: true }, schema: { tags, querystring: RoomsQuery, response: { 200: z.array(Room), 400: ErrorResponse } } }, async (request) =>
    app.roomsRepository.list(request.query.property_id),
  );

  app.get('/:id', { config: { publicCache: true }, schema: { tags, params: IdParams, response: { 200: RoomDetail, 404: ErrorResponse } } }, async (request) =>
    app.roomsRepository.get(request.params.id),
  );

  app.get(
    '/:id/availability',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Nights taken in the window (default: today to 180 days ahead); dates only',
        params: IdParams,
        querystring: AvailabilityQuery,
        response: { 200: AvailabilityResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({
      bookings: await app.bookingsService.availability(request.params.id, request.query.start, request.query.end),
    }),
  );

  app.post(
    '/',
    { preHandler: app.requireAdmin, schema: { tags, security: secured, body: RoomInput, response: { 201: Room, ...adminErrors } } },
    async (request, reply) => reply.code(201).send(await app.roomsRepository.create(request.body)),
  );

  app.put(
    '/:id',
    { preHandler: app.requireAdmin, schema: { tags, security: secured, params: IdParams, body: RoomInput, response: { 200: Room, ...adminErrors } } },
    async (request) => app.roomsRepository.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security: secured,
        summary: 'Archives the room; refused (409) while a stay in it is not over',
        params: IdParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await app.roomsRepository.archive(request.params.id, app.bookingsService.today());
      return reply.code(204).send(null);
    },
  );
};

export default rooms;
