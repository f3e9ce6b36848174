import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TaskListResponse } from '@cofounder/shared';
import { PerformanceOverview } from './PerformanceOverview.tsx';

function counts(needsInput: number): TaskListResponse {
  return {
    success: true,
    tasks: [],
    total: 4,
    pending: 0,
    in_progress: 0,
    completed: 4,
    paused: 0,
    failed: 0,
    achieved: 4 - needsInput,
    needs_input: needsInput,
    usage: { tokens: 0, costUsd: 0, unpricedTasks: 0 },
  };
}

function show(needsInput: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/work',
        element: <PerformanceOverview tasks={counts(needsInput)} stats={undefined} />,
      },
      { path: '/dashboard/settings', element: <h1>Settings page</h1> },
    ],
    { initialEntries: ['/dashboard/work'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PerformanceOverview: offline drafts lead to Settings → Model', () => {
  it('links "Connect a model" beside the drafts that need input', async () => {
    const router = show(3);
    expect(screen.getByTestId('needs-input-count').textContent).toBe('3 drafts need your input');
    const link = screen.getByRole('link', { name: 'Connect a model' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings#model');
    link.click();
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(router.state.location.hash).toBe('#model');
  });

  it('has no link when no draft needs input', () => {
    show(0);
    expect(screen.queryByTestId('needs-input-count')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect a model' })).toBeNull();
  });
});
