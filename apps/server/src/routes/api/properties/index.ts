import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParams, Property, PropertyInput } from '@roomweek/contract';

const tags = ['properties'];
const adminErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const secured = [{ bearer: [] }];

const properties: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { publicCache: true }, schema: { tags, response: { 200: z.array(Property) } } }, async () =>
    app.propertiesRepository.list(),
  );

  app.get('/:id', { config: { publicCache: true }, schema: { tags, params: IdParams, response: { 200: Property, 404: ErrorResponse } } }, async (request) =>
    app.propertiesRepository.get(request.params.id),
  );

  app.post(
    '/',
    { preHandler: app.requireAdmin, schema: { tags, security: secured, body: PropertyInput, response: { 201: Property, ...adminErrors } } },
    async (request, reply) => reply.code(201).send(await app.propertiesRepository.create(request.body)),
  );

  app.put(
    '/:id',
    { preHandler: app.requireAdmin, schema: { tags, security: secured, params: IdParams, body: PropertyInput, response: { 200: Property, ...adminErrors } } },
    async (request) => app.propertiesRepository.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security: secured,
        summary: 'Archives the property and its rooms; refused (409) while a stay in it is not over',
        params: IdParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await app.propertiesRepository.archive(request.params.id, app.bookingsService.today());
      return reply.code(204).send(null);
    },
  );
};

export default properties;
