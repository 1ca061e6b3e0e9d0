import { describe, expect, it } from 'vitest';
import { API_PREFIX, routes } from '@roomweek/contract';
import { useTestApp } from '../helper.ts';

const contractRoutes = Object.values(routes).flatMap((group) => Object.values(group));

/**
 * `METHOD /path` of every route the server registered, read from `printRoutes`' tree (each line: the tree's
 * indent, a segment that continues its parent's path, its methods). HEAD routes are Fastify's automatic twins.
 */
function registeredRoutes(tree: string): Set<string> {
  const found = new Set<string>();
  const segments: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = match[1]!.length / 4;
    segments.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') found.add(`${method} ${segments.join('')}`);
  }
  return found;
}

describe('the contract route table', () => {
  const t = useTestApp();

  it('is registered on the server, route by route', () => {
    const missing = contractRoutes.filter((route) => !t.app.hasRoute({ method: route.method, url: `${API_PREFIX}${route.path}` }));
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('holds every /api route of the server', () => {
    const declared = new Set(contractRoutes.map((route) => `${route.method} ${API_PREFIX}${route.path}`));
    const served = [...registeredRoutes(t.app.printRoutes({ commonPrefix: false }))]
      // The OpenAPI page documents the API rather than being part of it.
      .filter((route) => route.includes(` ${API_PREFIX}/`) && !route.includes(` ${API_PREFIX}/docs`))
      // A folder's root (`/api/rooms`) also answers with a trailing slash, as Fastify registers prefixed roots.
      .map((route) => route.replace(/(.)\/$/, '$1'));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !declared.has(route))).toEqual([]);
    expect(new Set(served)).toEqual(declared);
  });

  it('documents each route in OpenAPI with its summary, and a bearer token on the signed-in ones', async () => {
    const response = await t.app.inject({ url: `${API_PREFIX}/docs/json` });
    const openapi = response.json<{ paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>> }>();
    for (const route of contractRoutes) {
      const path = `${API_PREFIX}${route.path}`.replace(/:([A-Za-z_]+)/g, '{$1}');
      // A folder's root is documented with its trailing slash (`/api/rooms/`), as before the table.
      const operation = (openapi.paths[path] ?? openapi.paths[`${path}/`])?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toMatchObject({ summary: route.summary });
      expect(Boolean(operation?.security?.length), `${route.method} ${path} security`).toBe(route.auth !== 'public');
    }
  });
});
