import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the page; screens set their own polling intervals (spec 1 §9) per query. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}
