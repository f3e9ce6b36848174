// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODE_TEXT } from '../constants.ts';
import { OfflineBadge } from './OfflineBadge.tsx';

afterEach(cleanup);

const NOTE = MODE_TEXT.offlineCofounderNote;

describe('OfflineBadge', () => {
  it('explains the offline co-founder on click and closes with Escape or a click elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <OfflineBadge />
        <p>elsewhere</p>
      </>,
    );
    const badge = screen.getByRole('button', { name: MODE_TEXT.offlineCofounder });
    expect(screen.queryByText(NOTE)).toBeNull();
    await user.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(NOTE)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(NOTE)).toBeNull();
    await user.click(badge);
    await user.click(screen.getByText('elsewhere'));
    expect(badge.getAttribute('aria-expanded')).toBe('false');
  });

  it('has no link unless given one', async () => {
    const user = userEvent.setup();
    render(<OfflineBadge />);
    await user.click(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder }));
    expect(screen.queryByRole('link', { name: 'Connect a model' })).toBeNull();
  });

  it('links to Settings → Model, navigating in place when the app can', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<OfflineBadge connect={{ href: '/dashboard/settings#model', navigate }} />);
    await user.click(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder }));
    const link = screen.getByRole('link', { name: 'Connect a model' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings#model');
    expect(link.getAttribute('target')).toBeNull();
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/dashboard/settings#model');
  });

  it('opens the dashboard in a new tab from a panel', async () => {
    const user = userEvent.setup();
    render(
      <OfflineBadge connect={{ href: 'http://localhost:3000/dashboard/settings#model', newTab: true }} />,
    );
    await user.click(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder }));
    const link = screen.getByRole('link', { name: 'Connect a model' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/dashboard/settings#model');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
