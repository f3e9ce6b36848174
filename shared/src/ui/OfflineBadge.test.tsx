// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfflineBadge } from './OfflineBadge.tsx';

afterEach(cleanup);

const NOTE =
  'Replies come from the built-in offline co-founder. Set OPENAI_API_KEY on the server for a real model.';

describe('OfflineBadge', () => {
  it('explains offline mode on click and closes with Escape or a click elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <OfflineBadge />
        <p>elsewhere</p>
      </>,
    );
    const badge = screen.getByRole('button', { name: 'Offline mode' });
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
});
