import { FREE_TRIAL_DAYS } from '@cofounder/shared';

export interface PageMetaInfo {
  title: string;
  description: string;
}

export const SITE_NAME = 'Cofounder';

/** The social preview image (1200×630, web/public/og-image.png). */
export const OG_IMAGE = '/og-image.png';

/**
 * Title and description of every public route (router.tsx renders them through <PageMeta>). Titles read
 * "Page — Cofounder"; the landing page's is the site's own.
 */
export const ROUTE_META = {
  landing: {
    title: 'Cofounder — Your AI Intern That Builds Your Startup',
    description: `An autonomous AI intern that codes, markets, finds investors and helps you scale. ${FREE_TRIAL_DAYS}-day free trial, no credit card required.`,
  },
  pricing: {
    title: 'Pricing — Cofounder',
    description: `Plans for every stage: a ${FREE_TRIAL_DAYS}-day free trial, then Starter, Builder or Scale, month-to-month or yearly.`,
  },
  contact: {
    title: 'Contact Us — Cofounder',
    description:
      'Questions, demos, partnerships or support: send us a message and we answer within 24 hours.',
  },
  terms: {
    title: 'Terms of Service — Cofounder',
    description: 'The terms that govern your use of Cofounder.',
  },
  privacy: {
    title: 'Privacy Policy — Cofounder',
    description: 'How Cofounder collects, uses and protects your information.',
  },
  careers: {
    title: 'Careers — Cofounder',
    description:
      'Join the team building the AI co-founder for startup founders: software engineering and growth roles.',
  },
  login: {
    title: 'Sign In — Cofounder',
    description: 'Sign in to your AI co-founder.',
  },
  register: {
    title: 'Create Your Account — Cofounder',
    description: `Create your Cofounder account and start your ${FREE_TRIAL_DAYS}-day free trial. No credit card required.`,
  },
  forgotPassword: {
    title: 'Reset Your Password — Cofounder',
    description: 'Get a link to set a new password for your Cofounder account.',
  },
  resetPassword: {
    title: 'Set a New Password — Cofounder',
    description: 'Choose a new password for your Cofounder account.',
  },
  verifyEmail: {
    title: 'Verify Your Email — Cofounder',
    description: 'Confirm your email address to finish creating your Cofounder account.',
  },
  oauthDebug: {
    title: 'OAuth Debug — Cofounder',
    description: 'Diagnostic panel for sign-in with an account provider.',
  },
  activityTest: {
    title: 'Activity Feed Test — Cofounder',
    description: 'Test page for the activity feed, with built-in examples.',
  },
  notFound: {
    title: 'Page Not Found — Cofounder',
    description: 'The page you are looking for does not exist or has moved.',
  },
} satisfies Record<string, PageMetaInfo>;

export type RouteMetaKey = keyof typeof ROUTE_META;

/** A route's `handle`: `{ handle: meta('pricing') }` in router.tsx; RouteMeta renders the deepest match's. */
export function meta(key: RouteMetaKey, options: { noindex?: boolean } = {}): RouteMetaHandle {
  return { meta: { ...ROUTE_META[key], noindex: options.noindex ?? NOINDEX.has(key) } };
}

export interface RouteMetaHandle {
  meta: PageMetaInfo & { noindex: boolean };
}

/** Diagnostic and error pages stay out of search results. */
const NOINDEX = new Set<RouteMetaKey>(['oauthDebug', 'activityTest', 'notFound']);

/**
 * Titles of the signed-in pages by address (they never reach search results, so they need no description). The
 * dashboard's match its sidebar labels (sidebar-items.ts; DashboardShell.test.tsx checks every one has a title).
 */
export const SIGNED_IN_TITLES: Readonly<Record<string, string>> = {
  '/onboarding': `Onboarding — ${SITE_NAME}`,
  '/dashboard/chat': `Chat — ${SITE_NAME}`,
  '/dashboard/call': `Voice Call — ${SITE_NAME}`,
  '/dashboard/sms': `Text Intern — ${SITE_NAME}`,
  '/dashboard/work': `Intern Activity — ${SITE_NAME}`,
  '/dashboard/approvals': `Approvals — ${SITE_NAME}`,
  '/dashboard/autonomy': `Intern Autonomy — ${SITE_NAME}`,
  '/dashboard/investor-outreach': `Investor Outreach — ${SITE_NAME}`,
  '/dashboard/vms': `VMs — ${SITE_NAME}`,
  '/dashboard/connections': `Connections — ${SITE_NAME}`,
  '/dashboard/settings': `Settings — ${SITE_NAME}`,
};

/** Pages without their own entry (checkout results, a signed-in page's sub-address). */
export const DEFAULT_META: PageMetaInfo = {
  title: 'Cofounder — your AI co-founder',
  description:
    'Cofounder is your AI co-founder: it codes, markets, finds investors and helps you scale your startup.',
};
