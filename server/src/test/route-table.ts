import type Router from '@koa/router';
import type { CofounderApp } from '../app.ts';

export interface RouteEntry {
  method: string;
  /** The router's pattern, e.g. /api/tasks/:userId. */
  path: string;
}

/**
 * Every route the running app serves, read from the routers mounted on Koa (each `router.routes()` middleware
 * carries its router). Security sweeps iterate this table, so a route added tomorrow is swept too.
 */
export function routeTable(app: CofounderApp): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const middleware of app.koa.middleware as ((...args: unknown[]) => unknown)[]) {
    const router = (middleware as { router?: Router }).router;
    if (router) routes.push(...routesOf(router));
  }
  return routes;
}

/** One router's routes (HEAD, which Koa adds to every GET, and method-less `use` layers left out). */
export function routesOf(router: Router): RouteEntry[] {
  return router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, path: String(layer.path) })),
  );
}

/** Fills :params from a lookup; throws for a parameter nobody mapped (a new route must be mapped, not skipped). */
export function fillPath(route: RouteEntry, value: (param: string, route: RouteEntry) => string): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => encodeURIComponent(value(param, route)));
}
