// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionStatus } from '../../rules/connection-status.ts';
import { ConnectAction } from './ConnectAction.tsx';

afterEach(cleanup);

const action = (status: ConnectionStatus, configured: boolean, busy = false, onConnect = () => undefined) =>
  render(
    <ConnectAction
      platform="twitter"
      status={status}
      configured={configured}
      busy={busy}
      showConnecting
      onConnect={onConnect}
      className="plain"
      primaryClassName="primary"
    />,
  );

describe('ConnectAction (the dashboard and the popup)', () => {
  it('offers Connect when the server has the platform, and runs it', async () => {
    const onConnect = vi.fn();
    action('not_connected', true, false, onConnect);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    expect(onConnect).toHaveBeenCalledOnce();
  });

  it.each<ConnectionStatus>(['not_connected', 'error'])(
    'says the platform is not configured instead of a Connect that could only fail (%s)',
    (status) => {
      action(status, false);
      const button = screen.getByRole('button', { name: 'X is not configured on this server' });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    },
  );

  it('offers Reconnect after an error, waits while a flow runs, and offers nothing when connected', () => {
    action('error', true);
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    cleanup();
    action('not_connected', true, true);
    expect((screen.getByRole('button', { name: 'Connecting...' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    action('connected', true);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
