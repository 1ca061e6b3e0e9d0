import type { z } from 'zod';

/** Every call of the API is under this path; the route table's paths are relative to it. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route; informational (OpenAPI security), the server's preHandlers enforce it. */
export type RouteAuth = 'public' | 'user' | 'admin';

/** Where a call goes: the method and the path under /api, Fastify style (`/bookings/:id/cancel`). */
export interface RoutePath {
  readonly method: HttpMethod;
  readonly path: string;
}

/** What a call takes and answers: a zod schema per part, and one per status code it may answer. */
export interface RouteSchemas {
  readonly summary: string;
  readonly auth: RouteAuth;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  /** Request headers the route reads (a loose object: every other header passes through). */
  readonly headers?: z.ZodType;
  /** Left out where the server reads the body itself (a multipart upload, the raw Stripe webhook). */
  readonly body?: z.ZodType;
  readonly consumes?: readonly string[];
  readonly response: Readonly<Record<number, z.ZodType>>;
}

export type ContractRoute = RoutePath & RouteSchemas & { readonly tags: readonly string[] };

/** A route of the table: its path entry with its schemas. */
export function defineRoute<P extends RoutePath, S extends RouteSchemas>(path: P, schemas: S): P & S {
  return { ...path, ...schemas };
}

type Tagged<T> = { [G in keyof T]: { [N in keyof T[G]]: T[G][N] & { readonly tags: readonly string[] } } };

/** Each route gets its group's name as its OpenAPI tag. */
export function tagByGroup<T extends Record<string, Record<string, RoutePath & RouteSchemas>>>(table: T): Tagged<T> {
  const tagged: Record<string, Record<string, ContractRoute>> = {};
  for (const [group, entries] of Object.entries(table)) {
    tagged[group] = Object.fromEntries(Object.entries(entries).map(([name, route]) => [name, { ...route, tags: [group] }]));
  }
  return tagged as Tagged<T>;
}

type SchemaAt<R, K extends string> = R extends { readonly [key in K]: infer S extends z.ZodType } ? S : undefined;
type InputAt<R, K extends string> = SchemaAt<R, K> extends z.ZodType ? z.input<SchemaAt<R, K>> : undefined;

/** What a caller sends (z.input: before defaults and transforms). `undefined` where the route declares none. */
export type RouteParamsInput<R> = InputAt<R, 'params'>;
export type RouteQueryInput<R> = InputAt<R, 'querystring'>;
export type RouteBodyInput<R> = InputAt<R, 'body'>;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R> = R extends { readonly response: infer M } ? M : never;

/** What a successful call answers (z.output of its 2xx schema). */
export type RouteReply<R> = {
  [S in Extract<keyof Responses<R>, SuccessStatus>]: Responses<R>[S] extends z.ZodType ? z.output<Responses<R>[S]> : never;
}[Extract<keyof Responses<R>, SuccessStatus>];

declare const contractRoute: unique symbol;

/**
 * A route as the browser sees it: only its method and path exist at run time; its schemas ride along as a type, so
 * a client gets the contract's types without bundling zod.
 */
export interface RouteRef<R extends RoutePath = RoutePath> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly [contractRoute]?: R;
}

export type RouteRefs<T extends Record<string, Record<string, RoutePath>>> = {
  readonly [G in keyof T]: { readonly [N in keyof T[G]]: RouteRef<T[G][N]> };
};
