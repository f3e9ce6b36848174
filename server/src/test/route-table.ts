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
    if (!router) continue;
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path) });
    }
  }
  return routes;
}

/** Fills :params from a lookup; throws for a parameter nobody mapped (a new route must be mapped, not skipped). */
export function fillPath(route: RouteEntry, value: (param: string, route: RouteEntry) => string): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => encodeURIComponent(value(param, route)));
}
