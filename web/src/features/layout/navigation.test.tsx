import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppLink, NavigationProvider, useAppNavigate, type LinkLikeProps } from './navigation.tsx';
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
      <NavigationProvider value={{ Link: Custom, navigate: () => undefined, pathname: '/' }}>
        <AppLink to="/terms">Terms</AppLink>
      </NavigationProvider>,
    );
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/base/terms');
  });
});
