import type { QueryClient } from '@tanstack/react-query';
import { usageKeys } from '../usage/keys.ts';

/**
 * After any plan change: the subscription, its invoices, the plan gates and the usage limits (which follow the
 * plan). Prices and checkout sessions do not change with it.
 */
export function invalidateBilling(queryClient: QueryClient, userId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['billing', 'status'] }),
    queryClient.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
    queryClient.invalidateQueries({ queryKey: ['billing', 'gate'] }),
    queryClient.invalidateQueries({ queryKey: usageKeys.details(userId) }),
  ]).then(() => undefined);
}
