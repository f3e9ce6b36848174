import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Api, PublicConfig } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { configKeys } from './keys.ts';

/** The config never changes while the page is open: fetched once at start-up, never refetched. */
export function configQueryOptions(api: Api) {
  return queryOptions({
    queryKey: configKeys.public(),
    queryFn: () => api.config(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** GET /api/config; main.tsx loads it before the first render, so this never suspends in practice. */
export function useConfig(): PublicConfig {
  return useSuspenseQuery(configQueryOptions(useApi())).data;
}
