import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { contractRoute } from '../../contract-route.ts';

/** A form the parser could not read (no boundary, cut short…) is the client's fault: 400, not 500. Limits keep their 413. */
function unreadableForm(error: unknown): never {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  throw badRequest('validation_error', 'The multipart form could not be read', 'file');
}

/** POST /upload (admin): one image in the multipart field `file`; answers `{url}`. */
const upload: FastifyPluginAsyncZod<{ maxBytes: number }> = async (app, { maxBytes }) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  contractRoute(app, routes.admin.upload, {
    preValidation: app.requireAdmin,
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('validation_error', 'Send the photo as multipart/form-data', 'file');
      const file = await request.file().catch(unreadableForm);
      if (!file || file.fieldname !== 'file') throw badRequest('validation_error', 'The form needs one file in the field "file"', 'file');
      const bytes = await file.toBuffer().catch(unreadableForm);
      if (file.file.truncated) throw new AppError(413, 'payload_too_large', `The file is larger than ${Math.round(maxBytes / 1048576)} MB`, 'file');
      const url = await app.uploadsService.storePhoto(bytes);
      return reply.code(201).send({ url });
    },
  });
};

export default upload;
