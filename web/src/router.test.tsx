import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { APP_PAGE_PATHS, FREE_TRIAL_DAYS, STORAGE_KEYS } from '@cofounder/shared';
import { ROUTE_META } from './features/meta/route-meta.ts';
import { routes } from './router.tsx';
import { createFakeAuth, fakeSession } from './test/fake-auth.ts';
import { renderApp } from './test/render.tsx';

/** Every full path the table can match, joined through pathless layouts and index routes. */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    const self = route.path || route.index ? [own] : [];
    return [...self, ...routePaths(route.children ?? [], route.path ? own : parent)];
  });
}

const SPEC_ROUTES = [
  '/',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/careers',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/oauth-debug',
  '/activity-test',
  '/subscription/success',
  '/subscription-success',
  '/subscription/failed',
  '/subscription-failed',
  '/post-login',
  '/welcome',
  '/onboarding',
  '/dashboard',
  '/dashboard/chat',
  '/dashboard/call',
  '/dashboard/sms',
  '/dashboard/work',
  '/dashboard/settings',
  '/dashboard/connections',
  '/dashboard/autonomy',
  '/dashboard/investor-outreach',
  '/dashboard/vms',
  '/chat',
  '/help',
  '/*',
];

describe('route table', () => {
  it('registers every route of spec 1 §2', () => {
    const paths = routePaths(routes);
    for (const path of SPEC_ROUTES) expect(paths).toContain(path);
  });

  // The server answers exactly these addresses with the app (and 404 for the rest): the router and the list agree.
  it('is the app page list the server uses', () => {
    const pages = routePaths(routes).filter((path) => !path.endsWith('*'));
    expect(new Set(pages)).toEqual(new Set(APP_PAGE_PATHS));
  });

  it('shows the 404 screen for unknown paths', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('sends an anonymous visitor of a protected page to /login and remembers where they were going', async () => {
    const { router } = renderApp('/dashboard/work?tab=1');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/dashboard/work', search: '?tab=1', hash: '' },
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/dashboard/work?tab=1');
  });

  it('sends /welcome to the remembered page once, and to /dashboard otherwise', async () => {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, '/dashboard/settings');
    const { router } = renderApp('/welcome', { auth: createFakeAuth(fakeSession()) });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
  });

  it('never follows a remembered full URL', async () => {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, '//evil.example');
    const { router } = renderApp('/post-login', { auth: createFakeAuth(fakeSession()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('sends signed-out visitors of /welcome to /login', async () => {
    const { router } = renderApp('/welcome');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects signed-in users away from /register to /welcome and on', async () => {
    const { router } = renderApp('/register', { auth: createFakeAuth(fakeSession()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('renders the pricing page inside the public layout', async () => {
    renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    // The public header's Get Started and the Free Trial card's.
    expect(screen.getAllByRole('link', { name: 'Get Started' })).toHaveLength(2);
  });

  it('sends /help to the contact page', async () => {
    const { router } = renderApp('/help');
    await screen.findByRole('heading', { name: 'Contact Us' });
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('shows the landing hero with the signed-out and signed-in main button', async () => {
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Get Your AI Intern Free' })).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('shows "Go to Dashboard" on the landing page when signed in', async () => {
    renderApp('/', { auth: createFakeAuth(fakeSession()) });
    // The hero's main button and the final call to action.
    const links = await screen.findAllByRole('link', { name: 'Go to Dashboard' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/dashboard', '/dashboard']);
  });
});

describe('page titles and descriptions', () => {
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

  it.each([
    ['/', 'landing', 'Your AI Intern That Builds Your Startup'],
    ['/pricing', 'pricing', 'Pricing'],
    ['/contact', 'contact', 'Contact Us'],
    ['/terms', 'terms', 'Terms of Service'],
    ['/privacy', 'privacy', 'Privacy Policy'],
    ['/careers', 'careers', 'Careers'],
    ['/login', 'login', 'Welcome Back'],
    ['/register', 'register', null],
    ['/oauth-debug', 'oauthDebug', null],
    ['/activity-test', 'activityTest', null],
    ['/no/such/page', 'notFound', '404 Page Not Found'],
  ] as const)('%s has its own title, description and social tags', async (path, key, heading) => {
    renderApp(path);
    if (heading) await screen.findByRole('heading', { name: heading, level: 1 });
    const meta = ROUTE_META[key];
    await waitFor(() => expect(document.title).toBe(meta.title));
    expect(description()).toBe(meta.description);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      meta.title,
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /\/og-image\.png$/,
    );
    expect(document.head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe(
      'summary_large_image',
    );
  });

  it('changes the title on navigation and keeps diagnostic pages out of search results', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(document.title).toBe(ROUTE_META.landing.title));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    await router.navigate('/oauth-debug');
    await waitFor(() => expect(document.title).toBe(ROUTE_META.oauthDebug.title));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it("replaces index.html's static defaults instead of duplicating them", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title data-static-meta>Static</title><meta data-static-meta name="description" content="static">',
    );
    renderApp('/pricing');
    await waitFor(() => expect(document.title).toBe(ROUTE_META.pricing.title));
    await waitFor(() => expect(document.head.querySelectorAll('[data-static-meta]')).toHaveLength(0));
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('gives every landing-page claim the shared trial length', () => {
    expect(ROUTE_META.landing.description).toContain(`${FREE_TRIAL_DAYS}-day free trial`);
  });
});
