import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TIMINGS } from '@cofounder/shared';
import { RouteErrorScreen } from './features/layout/RouteErrorScreen.tsx';
import { ChunkLoadError, lazyComponent, loadWithTimeout } from './lazy-route.ts';

afterEach(() => vi.useRealTimers());

describe('lazy route loading', () => {
  it('gives up after the spec timeout', async () => {
    vi.useFakeTimers();
    const result = loadWithTimeout(() => new Promise<never>(() => {}));
    vi.advanceTimersByTime(TIMINGS.chunkLoadTimeoutMs);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('shows a reload screen when a page module fails to download', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: () => null,
        lazy: lazyComponent(
          () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          () => () => null,
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });
});
