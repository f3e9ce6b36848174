import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth, SignedInRedirect } from './features/auth/guards.tsx';
import { OnboardingGuard } from './features/onboarding/OnboardingGuard.tsx';
import { LoadingScreen } from './features/layout/LoadingScreen.tsx';
import { RootLayout } from './features/layout/RootLayout.tsx';
import { RouteErrorScreen } from './features/layout/RouteErrorScreen.tsx';
import { lazyComponent as lazy } from './lazy-route.ts';
import { meta } from './features/meta/route-meta.ts';

/*
 * The route table of spec 1 §2. Layouts and pages are lazy modules, so a visitor of a public page never
 * downloads the dashboard; guards stay in the main bundle because every signed-in route needs them first.
 * Public routes carry their title and description in `handle.meta`; RootLayout renders the deepest one.
 */

const publicLayout = lazy(
  () => import('./features/layout/PublicLayout.tsx'),
  (m) => m.PublicLayout,
);
const authLayout = lazy(
  () => import('./features/layout/AuthLayout.tsx'),
  (m) => m.AuthLayout,
);
const dashboardShell = lazy(
  () => import('./features/dashboard/DashboardShell.tsx'),
  (m) => m.DashboardShell,
);
const subscriptionSuccess = lazy(
  () => import('./routes/subscription/SubscriptionSuccessPage.tsx'),
  (m) => m.SubscriptionSuccessPage,
);
const subscriptionFailed = lazy(
  () => import('./routes/subscription/SubscriptionFailedPage.tsx'),
  (m) => m.SubscriptionFailedPage,
);

const publicPages: RouteObject[] = [
  {
    index: true,
    handle: meta('landing'),
    lazy: lazy(
      () => import('./routes/landing/LandingPage.tsx'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: 'pricing',
    handle: meta('pricing'),
    lazy: lazy(
      () => import('./routes/pricing/PricingPage.tsx'),
      (m) => m.PricingPage,
    ),
  },
  {
    path: 'contact',
    handle: meta('contact'),
    lazy: lazy(
      () => import('./routes/contact/ContactPage.tsx'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: 'terms',
    handle: meta('terms'),
    lazy: lazy(
      () => import('./routes/legal/TermsPage.tsx'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'privacy',
    handle: meta('privacy'),
    lazy: lazy(
      () => import('./routes/legal/PrivacyPage.tsx'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: 'careers',
    handle: meta('careers'),
    lazy: lazy(
      () => import('./routes/careers/CareersPage.tsx'),
      (m) => m.CareersPage,
    ),
  },
  {
    path: 'oauth-debug',
    handle: meta('oauthDebug'),
    lazy: lazy(
      () => import('./routes/debug/OAuthDebugPage.tsx'),
      (m) => m.OAuthDebugPage,
    ),
  },
  {
    path: 'activity-test',
    handle: meta('activityTest'),
    lazy: lazy(
      () => import('./routes/debug/ActivityTestPage.tsx'),
      (m) => m.ActivityTestPage,
    ),
  },
  // Both spellings of the checkout result pages exist (spec 1 §2); each page runs the checkout session guard
  // itself (signed in; success also needs ?session_id=), so the guard can show its own denied state.
  { path: 'subscription/success', lazy: subscriptionSuccess },
  { path: 'subscription-success', lazy: subscriptionSuccess },
  { path: 'subscription/failed', lazy: subscriptionFailed },
  { path: 'subscription-failed', lazy: subscriptionFailed },
  {
    path: '*',
    handle: meta('notFound'),
    lazy: lazy(
      () => import('./routes/NotFoundPage.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
];

const authPages: RouteObject[] = [
  {
    path: 'login',
    handle: meta('login'),
    lazy: lazy(
      () => import('./routes/auth/LoginPage.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    handle: meta('register'),
    lazy: lazy(
      () => import('./routes/auth/RegisterPage.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'forgot-password',
    handle: meta('forgotPassword'),
    lazy: lazy(
      () => import('./routes/auth/ForgotPasswordPage.tsx'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'reset-password',
    handle: meta('resetPassword'),
    lazy: lazy(
      () => import('./routes/auth/ResetPasswordPage.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'verify-email',
    handle: meta('verifyEmail'),
    lazy: lazy(
      () => import('./routes/auth/VerifyEmailPage.tsx'),
      (m) => m.VerifyEmailPage,
    ),
  },
];

const dashboardPages: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard/chat" replace /> },
  {
    path: 'chat',
    lazy: lazy(
      () => import('./routes/dashboard/ChatPage.tsx'),
      (m) => m.ChatPage,
    ),
  },
  {
    path: 'call',
    lazy: lazy(
      () => import('./routes/dashboard/CallPage.tsx'),
      (m) => m.CallPage,
    ),
  },
  {
    path: 'sms',
    lazy: lazy(
      () => import('./routes/dashboard/SmsPage.tsx'),
      (m) => m.SmsPage,
    ),
  },
  {
    path: 'work',
    lazy: lazy(
      () => import('./routes/dashboard/WorkPage.tsx'),
      (m) => m.WorkPage,
    ),
  },
  {
    path: 'settings',
    lazy: lazy(
      () => import('./routes/dashboard/SettingsPage.tsx'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'connections',
    lazy: lazy(
      () => import('./routes/dashboard/ConnectionsPage.tsx'),
      (m) => m.ConnectionsPage,
    ),
  },
  {
    path: 'approvals',
    lazy: lazy(
      () => import('./routes/dashboard/ApprovalsPage.tsx'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: 'autonomy',
    lazy: lazy(
      () => import('./routes/dashboard/AutonomyPage.tsx'),
      (m) => m.AutonomyPage,
    ),
  },
  {
    path: 'investor-outreach',
    lazy: lazy(
      () => import('./routes/dashboard/InvestorOutreachPage.tsx'),
      (m) => m.InvestorOutreachPage,
    ),
  },
  {
    path: 'vms',
    lazy: lazy(
      () => import('./routes/dashboard/VmsPage.tsx'),
      (m) => m.VmsPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: LoadingScreen,
    children: [
      { lazy: publicLayout, children: publicPages },
      { lazy: authLayout, children: authPages },
      { path: 'post-login', Component: SignedInRedirect },
      { path: 'welcome', Component: SignedInRedirect },
      // Spec 1 §2 only shows /help as a redirect target; the contact page (with its FAQ) is the help there is.
      { path: 'help', element: <Navigate to="/contact" replace /> },
      {
        Component: RequireAuth,
        children: [
          {
            Component: OnboardingGuard,
            children: [
              {
                lazy: publicLayout,
                children: [
                  {
                    path: 'onboarding',
                    lazy: lazy(
                      () => import('./routes/onboarding/OnboardingPage.tsx'),
                      (m) => m.OnboardingPage,
                    ),
                  },
                ],
              },
            ],
          },
          { lazy: dashboardShell, children: [{ path: 'dashboard', children: dashboardPages }] },
          // The local billing provider's checkout (its URL comes from create-checkout-session) and billing portal.
          {
            lazy: publicLayout,
            children: [
              {
                path: 'dev/checkout',
                lazy: lazy(
                  () => import('./routes/dev-checkout/DevCheckoutPage.tsx'),
                  (m) => m.DevCheckoutPage,
                ),
              },
              // Its billing portal ("Manage Billing" with no Stripe key).
              {
                path: 'dev/billing',
                lazy: lazy(
                  () => import('./features/billing/LocalBillingPortal.tsx'),
                  (m) => m.LocalBillingPortal,
                ),
              },
            ],
          },
          // One screen, one address: /chat is the dashboard's chat, so the sidebar shows where the user is.
          { path: 'chat', element: <Navigate to="/dashboard/chat" replace /> },
        ],
      },
    ],
  },
];

/** The app's router; tests build a memory router from the same `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
