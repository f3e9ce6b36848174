/** Query keys of plans, the caller's subscription and its invoices. */
export const billingKeys = {
  pricing: () => ['billing', 'pricing'] as const,
  status: (userId: string) => ['billing', 'status', userId] as const,
  invoicesOf: (userId: string) => ['billing', 'invoices', userId] as const,
  invoices: (userId: string, limit: number) => ['billing', 'invoices', userId, limit] as const,
  checkoutSession: (sessionId: string) => ['billing', 'checkout-session', sessionId] as const,
  localCheckout: (sessionId: string) => ['billing', 'local-checkout', sessionId] as const,
};
