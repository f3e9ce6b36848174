import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { billingKeys } from './keys.ts';

/** GET /api/stripe/invoices?limit=N, newest first; a larger limit keeps the shorter list on screen meanwhile. */
export function useInvoices(userId: string, limit: number) {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.invoices(userId, limit),
    queryFn: () => api.invoices(limit),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
