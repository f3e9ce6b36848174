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

const pagePaths = new Set<string>(APP_PAGE_PATHS);

/** Whether `pathname` is one of the app's pages, matched as the router does: in any case, with or without a trailing slash. */
export function isAppPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return pagePaths.has(path.toLowerCase());
}
