import type { PricingResponse } from '../schemas/billing.ts';

/**
 * Every page address of the web app (spec 1 §2's route table, as web/src/router.tsx declares it). The server
 * answers these with the app whatever the Accept header; any other page address gets the app's 404 screen with
 * status 404. web/src/router.test.tsx holds the router to this list, so a page added there must be added here.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/careers',
  '/oauth-debug',
  '/activity-test',
  '/subscription/success',
  '/subscription-success',
  '/subscription/failed',
  '/subscription-failed',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/post-login',
  '/welcome',
  '/help',
  '/onboarding',
  '/dashboard',
  '/dashboard/chat',
  '/dashboard/call',
  '/dashboard/sms',
  '/dashboard/work',
  '/dashboard/settings',
  '/dashboard/connections',
  '/dashboard/approvals',
  '/dashboard/autonomy',
  '/dashboard/investor-outreach',
  '/dashboard/vms',
  '/dev/checkout',
  '/dev/billing',
  '/chat',
] as const;

/**
 * Public pages a full page load gets as an island page (issue 26), like "/": rendered by the server with Preact
 * and hydrated by a small entry (web/src/islands) without the SPA's runtime (React, the router, zod at start). The
 * SPA keeps its own route for each, for client-side navigation.
 */
export const ISLAND_PATHS = ['/pricing', '/contact', '/login'] as const;
export type IslandPath = (typeof ISLAND_PATHS)[number];

/**
 * What the server renders an island page with besides the config, written into the page (pageDataElementId) so
 * the first render in the browser is the same and asks the API for nothing: /pricing's plans and price ids.
 */
export interface IslandPageData {
  pricing?: PricingResponse;
}

/**
 * How the server marks up the app's pages: an island page's #root carries `rootAttribute` (it holds a server
 * render), and the public config (GET /api/config's body) rides along in a JSON script `configElementId`, so the
 * app starts without asking for it.
 */
export const SERVER_RENDER_MARKERS = {
  rootAttribute: 'data-server-rendered',
  configElementId: 'app-config',
  /** An island page's data (what its first render showed), beside the config. */
  pageDataElementId: 'page-data',
} as const;

const pagePaths = new Set<string>(APP_PAGE_PATHS);
const islands = new Set<string>(ISLAND_PATHS);

/** `pathname` as the router matches it: in any case, with or without a trailing slash. */
function routerPath(pathname: string): string {
  return (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();
}

/** Whether `pathname` is one of the app's pages, matched as the router does. */
export function isAppPagePath(pathname: string): boolean {
  return pagePaths.has(routerPath(pathname));
}

/** The island page `pathname` names (matched as the router does), or null. */
export function islandPath(pathname: string): IslandPath | null {
  const path = routerPath(pathname);
  return islands.has(path) ? (path as IslandPath) : null;
}
