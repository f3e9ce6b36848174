import Router from '@koa/router';
import { contractRoutes } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES, PUBLIC_API_ROUTES } from './features/index.ts';
import type { FeatureDeps } from './features/types.ts';
import { routesOf } from './test/route-table.ts';
import { startTestServer, type TestServer } from './test/server.ts';

// The route contract (shared/src/api/contract.ts, issue 21 §5) against the routers the server mounts: a route
// added to a feature router without a contract entry, or an entry whose route is gone, fails here.

let server: TestServer;
let deps: FeatureDeps | undefined;

beforeAll(async () => {
  // The app hands every feature router the same deps; an extra feature that builds nothing captures them.
  server = await startTestServer({
    features: [
      (given) => {
        deps = given;
        return new Router();
      },
    ],
  });
});
afterAll(() => server.close());

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function serverRoutes(): string[] {
  if (!deps) throw new Error('the test server built no feature routers');
  const given = deps;
  return FEATURES.flatMap((feature) => routesOf(feature(given)).map(key));
}

describe('route contract (issue 21 §5)', () => {
  it('declares every route a feature router registers', () => {
    const declared = new Set(contractRoutes().map(key));
    expect(serverRoutes().filter((route) => !declared.has(route))).toEqual([]);
  });

  it('has a server route for every contract entry', () => {
    const served = new Set(serverRoutes());
    const missing = contractRoutes().filter((entry) => !served.has(key(entry)));
    expect(missing.map((entry) => `${entry.name}: ${key(entry)}`)).toEqual([]);
  });

  it('declares each route once', () => {
    const keys = contractRoutes().map(key);
    expect(keys.filter((route, i) => keys.indexOf(route) !== i)).toEqual([]);
  });

  it('marks public exactly the /api routes the bearer guard lets through', () => {
    const publicApi = contractRoutes()
      .filter((entry) => entry.endpoint.auth === 'public' && entry.path.startsWith('/api/'))
      .map(key);
    expect(publicApi.toSorted()).toEqual(PUBLIC_API_ROUTES.toSorted());
  });
});
