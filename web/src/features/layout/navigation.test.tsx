import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import {
  AppLink,
  NavigationProvider,
  plainNavigation,
  Redirect,
  useAppNavigate,
  useNavState,
  type LinkLikeProps,
} from './navigation.tsx';
import { takeHandedOverState } from './nav-state-handover.ts';
import { RouterNavigation } from './RouterNavigation.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function GoButton() {
  const navigate = useAppNavigate();
  return (
    <button type="button" onClick={() => void navigate('/dashboard')}>
      Go
    </button>
  );
}

/** Goes on to /verify-email in place of this page, with an address for it. */
function VerifyButton() {
  const navigate = useAppNavigate();
  return (
    <button type="button" onClick={() => void navigate('/verify-email', { replace: true, state: { email: 'ada@example.com' } })}>
      Verify
    </button>
  );
}

describe('the link abstraction (AppLink, useAppNavigate)', () => {
  it('is a plain <a href> without a provider (the landing page has no router)', () => {
    render(
      <AppLink to="/pricing" className="x" aria-current="page">
        Pricing
      </AppLink>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link.getAttribute('href')).toBe('/pricing');
    expect(link.className).toBe('x');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('navigates with a full page load without a provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(<GoButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(assign).toHaveBeenCalledWith('/dashboard');
    assign.mockRestore();
  });

  it("uses the router's Link and navigate inside the SPA (RouterNavigation)", async () => {
    const Page = () => (
      <RouterNavigation>
        <AppLink to="/pricing">Pricing</AppLink>
        <GoButton />
        <Where />
      </RouterNavigation>
    );
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('where').textContent).toBe('/pricing');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('takes any link component from a provider', () => {
    const Custom = ({ to, children }: LinkLikeProps) => <a href={`/base${to}`}>{children}</a>;
    render(
      <NavigationProvider value={{ Link: Custom, navigate: () => undefined, pathname: '/', state: undefined }}>
        <AppLink to="/terms">Terms</AppLink>
      </NavigationProvider>,
    );
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/base/terms');
  });

  it('hands its state to the page it loads when there is no router, once, and only to that page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    render(
      <NavigationProvider value={plainNavigation('/login')}>
        <VerifyButton />
        <AppLink to="/login" state={{ email: 'grace@example.com' }}>
          Sign in
        </AppLink>
      </NavigationProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(replace).toHaveBeenCalledWith('/verify-email');
    expect(assign).not.toHaveBeenCalled();
    // Another page does not get it, and it is gone afterwards.
    expect(takeHandedOverState('/dashboard')).toBeUndefined();
    expect(takeHandedOverState('/verify-email')).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(takeHandedOverState('/verify-email')).toEqual({ email: 'ada@example.com' });
    expect(takeHandedOverState('/verify-email')).toBeUndefined();

    // A plain link hands its state over as the browser follows it (jsdom does not load the page).
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(takeHandedOverState('/login')).toEqual({ email: 'grace@example.com' });
    assign.mockRestore();
    replace.mockRestore();
  });

  it('gives a page without a router the state it was opened with, and Redirect replaces the page', () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const Shown = () => <p data-testid="state">{JSON.stringify(useNavState())}</p>;
    render(
      <NavigationProvider value={plainNavigation('/login', { email: 'ada@example.com' })}>
        <Shown />
        <Redirect to="/dashboard" />
      </NavigationProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('{"email":"ada@example.com"}');
    expect(replace).toHaveBeenCalledWith('/dashboard');
    replace.mockRestore();
  });

  it("passes state and replace to the router's navigate inside the SPA, and reads the router's state", async () => {
    const Shown = () => <p data-testid="state">{JSON.stringify(useNavState() ?? null)}</p>;
    const Page = () => (
      <RouterNavigation>
        <VerifyButton />
        <Where />
        <Shown />
      </RouterNavigation>
    );
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/', '/login'] });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('where').textContent).toBe('/verify-email');
    expect(screen.getByTestId('state').textContent).toBe('{"email":"ada@example.com"}');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
