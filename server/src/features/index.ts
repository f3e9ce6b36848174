import { configRoutes } from './config/config.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { meRoutes } from './me/me.routes.ts';
import type { FeatureRouter } from './types.ts';

/** Every /api feature, in mount order. A new area adds its router factory here. */
export const FEATURES: FeatureRouter[] = [healthRoutes, configRoutes, meRoutes];

/**
 * The only /api routes reachable without a bearer token: everything else under /api is refused with 401
 * before any feature code runs. Entries are "METHOD /path"; a trailing "*" matches a path prefix.
 */
export const PUBLIC_API_ROUTES: string[] = ['GET /api/health', 'GET /api/config'];
