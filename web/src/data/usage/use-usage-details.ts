import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { usageKeys } from './keys.ts';

/** GET /api/subscription/usage-details; the chat invalidates it after every send. */
export function useUsageDetails(userId: string) {
  const api = useApi();
  return useQuery({ queryKey: usageKeys.details(userId), queryFn: () => api.usageDetails(), retry: false });
}
