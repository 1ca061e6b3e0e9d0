import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** The request whose handling runs now (set when it arrives, audit-plugin.ts): who the audit log's entries are for. */
export const currentRequest = new AsyncLocalStorage<FastifyRequest>();
