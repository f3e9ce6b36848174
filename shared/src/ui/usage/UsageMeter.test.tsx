// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { UsageDetails } from '../../schemas/usage.ts';
import { ApiError } from '../../api/api-error.ts';
import { UsageMeter } from './UsageMeter.tsx';

afterEach(cleanup);

const NOW = new Date(2025, 2, 10);

function details(
  messages: number,
  warning: string | null = null,
  plan: UsageDetails['plan'] = { name: 'Free Trial', current: 'free_trial' },
): UsageDetails {
  return {
    success: true,
    plan,
    usage: {
      messages: {
        used: messages,
        limit: 100,
        remaining: Math.max(0, 100 - messages),
        percentage: Math.min(100, messages),
        unlimited: false,
      },
      tasks: { used: 0, limit: null, remaining: null, percentage: 0, unlimited: true },
      voiceMinutes: { used: 0, limit: 15, remaining: 15, percentage: 0, unlimited: false },
    },
    warnings: { messageLimit: warning, taskLimit: null, voiceLimit: null },
    currentMonth: { resetDate: new Date(2025, 3, 1).toISOString() },
  };
}

const bar = (name: string) => screen.getByRole('progressbar', { name });

describe('UsageMeter', () => {
  it.each([
    [10, 'blue'],
    [50, 'green'],
    [75, 'amber'],
    [90, 'red'],
  ])('colours %i%% %s', (used, color) => {
    render(<UsageMeter reply={details(used)} now={NOW} />);
    expect(bar('Messages').getAttribute('data-color')).toBe(color);
  });

  it('turns red on a warning and shows it, with counts and the reset date', () => {
    render(<UsageMeter reply={details(20, "You've used 90% of your messages")} now={NOW} />);
    expect(bar('Messages').getAttribute('data-color')).toBe('red');
    expect(screen.getByText("You've used 90% of your messages")).toBeTruthy();
    expect(screen.getByText('20 / 100')).toBeTruthy();
    expect(screen.getByText('0 · Unlimited')).toBeTruthy();
    expect(screen.getByText('Resets Apr 1')).toBeTruthy();
    expect(screen.getByText('Free Trial plan')).toBeTruthy();
  });

  it('caps the bar at 100%', () => {
    const over = details(100);
    over.usage.messages = { ...over.usage.messages, used: 130, percentage: 100 };
    render(<UsageMeter reply={over} now={NOW} />);
    const fill = bar('Messages').firstElementChild as HTMLElement;
    expect(fill.style.width).toBe('100%');
    expect(bar('Messages').getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows the upgrade prompt on the free trial and starter plans only', () => {
    const { rerender } = render(
      <UsageMeter reply={details(5)} upgrade={<a href="/pricing">Upgrade</a>} now={NOW} />,
    );
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
    rerender(
      <UsageMeter
        reply={details(5, null, { name: 'Builder', current: 'builder' })}
        upgrade={<a href="/pricing">Upgrade</a>}
        now={NOW}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('shows voice minutes beside messages and tasks, with the voice warning', () => {
    const reply = details(5);
    reply.usage.voiceMinutes = { used: 14, limit: 15, remaining: 1, percentage: 93, unlimited: false };
    reply.warnings.voiceLimit = 'You have used 93% of your voice minutes this month.';
    render(<UsageMeter reply={reply} now={NOW} />);
    expect(bar('Voice minutes').getAttribute('aria-valuenow')).toBe('93');
    expect(screen.getByText('14 / 15')).toBeTruthy();
    expect(screen.getByText('You have used 93% of your voice minutes this month.')).toBeTruthy();
  });

  it('shows the spec texts for failures', () => {
    const { rerender } = render(<UsageMeter error={new ApiError(401, 'unauthorized', 'x')} />);
    expect(screen.getByRole('alert').textContent).toBe('Please log in to view usage limits');
    rerender(<UsageMeter error={new ApiError(503, 'http_error', 'x')} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch usage data: 503');
    rerender(<UsageMeter reply={{ success: false, error: 'No subscription record' }} />);
    expect(screen.getByRole('alert').textContent).toBe('No subscription record');
    rerender(<UsageMeter reply={{ success: false, error: '' }} variant="inline" />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load usage data');
  });

  it('has a one-line inline variant with the messages bar', () => {
    render(<UsageMeter variant="inline" reply={details(80)} now={NOW} />);
    expect(bar('Messages').getAttribute('data-color')).toBe('amber');
    expect(screen.queryByRole('progressbar', { name: 'Tasks' })).toBeNull();
    expect(screen.getByText('80 / 100')).toBeTruthy();
  });

  it('says it is loading until the reply arrives', () => {
    render(<UsageMeter loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading usage...');
  });
});
