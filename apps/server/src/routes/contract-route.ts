import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX, type ContractRoute } from '@roomweek/contract';

type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The Fastify schema a contract route gives: its handler's request and reply are typed from it. */
interface ContractSchema<R extends ContractRoute> {
  params: R extends { params: infer S } ? S : undefined;
  querystring: R extends { querystring: infer S } ? S : undefined;
  body: R extends { body: infer S } ? S : undefined;
  headers: R extends { headers: infer S } ? S : undefined;
  response: R['response'];
  summary: string;
  tags: string[];
  security?: { bearer: never[] }[];
  consumes?: string[];
}

/** Fastify's options of a route typed by its contract schema. */
type TypedRouteOptions<R extends ContractRoute> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

type ContractRouteOptions<R extends ContractRoute> = Omit<TypedRouteOptions<R>, 'method' | 'url' | 'schema'>;

/**
 * The route's path relative to the plugin registering it: the contract writes full paths under /api, app.ts gives
 * each route folder its prefix. A folder's root stays `/`, so it answers with and without the trailing slash.
 */
function urlUnder(prefix: string, route: ContractRoute): string {
  const url = `${API_PREFIX}${route.path}`;
  if (url !== prefix && !url.startsWith(`${prefix}/`)) {
    throw new Error(`${route.method} ${url} is in the contract but its plugin is registered at ${prefix}`);
  }
  return url.slice(prefix.length) || '/';
}

/**
 * Registers one route of the contract's table: method, url and schema (params, querystring, body, response,
 * OpenAPI summary, tag and security) come from the contract; the caller gives the handler and any route options.
 */
export function contractRoute<R extends ContractRoute>(app: ApiInstance, route: R, options: ContractRouteOptions<R>): void {
  const schema = {
    summary: route.summary,
    tags: [...route.tags],
    ...(route.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(route.consumes && { consumes: [...route.consumes] }),
    ...(route.params && { params: route.params }),
    ...(route.querystring && { querystring: route.querystring }),
    ...(route.body && { body: route.body }),
    ...(route.headers && { headers: route.headers }),
    response: route.response,
  };
  app.route({ ...options, method: route.method, url: urlUnder(app.prefix, route), schema } as TypedRouteOptions<R>);
}
