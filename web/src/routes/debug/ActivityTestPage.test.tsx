import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACTIVITY_OUTCOMES } from '@cofounder/shared';
import { renderApp } from '../../test/render.tsx';
import { EXAMPLE_EXPECTED, EXAMPLE_FAILURE, exampleActivities } from './example-activities.ts';

describe('/activity-test', () => {
  it('previews the activity feed with labelled examples, without signing in', async () => {
    renderApp('/activity-test');
    expect(
      await screen.findByText(/Example activities — this page previews the activity feed component/),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('How we validated our idea with 40 customer interviews')).toBeTruthy();
    expect(screen.getByText('r/startups')).toBeTruthy();
    expect(screen.getByText('r/SaaS')).toBeTruthy();
    expect(screen.getByText('Just now')).toBeTruthy();
    expect(screen.getByText('2h ago')).toBeTruthy();
    expect(screen.getByText('3d ago')).toBeTruthy();
    expect(screen.getByText('Getting Started')).toBeTruthy();
  });

  it('renders every example and every outcome kind: published, drafted, failed, expected, none', async () => {
    const { user } = renderApp('/activity-test');
    await screen.findByRole('heading', { level: 1, name: 'Activity Test' });
    const items = screen.getAllByTestId('activity');
    expect(items).toHaveLength(exampleActivities().length);
    // Published posts link to the post; nothing else does.
    expect(screen.getAllByRole('link', { name: 'View post' })).toHaveLength(2);

    for (const button of screen.getAllByRole('button', { name: 'Show details' })) await user.click(button);
    const outcomes = items.map((item) => {
      const term = within(item).queryByText('Expected Outcome');
      return term?.nextElementSibling?.textContent ?? null;
    });
    expect(outcomes).toEqual([
      ACTIVITY_OUTCOMES.published,
      ACTIVITY_OUTCOMES.drafted,
      ACTIVITY_OUTCOMES.published,
      EXAMPLE_FAILURE,
      EXAMPLE_EXPECTED,
      null,
    ]);
    // The bare note has no title, strategy or outcome: its content is its heading and its only detail.
    const note = items[5] as HTMLElement;
    expect(within(note).queryByText('Strategy')).toBeNull();
    expect(within(note).getAllByText(/Drafted the launch checklist/).length).toBeGreaterThan(0);
  });

  it('covers every relative-time form, down to a date', () => {
    const now = new Date('2025-06-20T12:00:00Z');
    const stamps = exampleActivities(now).map((a) => now.getTime() - new Date(a.timestamp).getTime());
    expect(stamps.some((ms) => ms < 3_600_000)).toBe(true);
    expect(stamps.some((ms) => ms >= 3_600_000 && ms < 86_400_000)).toBe(true);
    expect(stamps.some((ms) => ms >= 86_400_000 && ms < 7 * 86_400_000)).toBe(true);
    expect(stamps.some((ms) => ms >= 7 * 86_400_000)).toBe(true);
  });
});
