import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createApi } from '@cofounder/shared';
import { ApiProvider } from '../../data/api-context.tsx';
import { usePlanSelection } from './use-plan-selection.ts';

describe('usePlanSelection', () => {
  it('refuses a plan it does not know', () => {
    const api = createApi({
      baseUrl: 'http://test.invalid',
      getToken: () => 'token',
      fetch: () => Promise.reject(new Error('offline')),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider api={api}>
          <MemoryRouter>{children}</MemoryRouter>
        </ApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(
      () => usePlanSelection({ signedIn: true, held: null, interval: 'monthly', pricing: undefined }),
      { wrapper },
    );
    act(() => result.current.choose('enterprise'));
    expect(result.current.notice).toBe('Invalid plan selected. Please try again.');
    expect(result.current.startingPlan).toBeNull();
  });
});
