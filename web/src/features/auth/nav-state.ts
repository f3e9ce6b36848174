/** What auth screens pass each other through navigation state: an address to prefill and a message to show. */
export interface AuthNavState {
  email?: string;
  message?: string;
  /** When a confirmation email last went out (this browser's clock, ms): /verify-email counts its cooldown from it. */
  emailSentAt?: number;
}

/** Navigation state is untyped (history can hold anything): keep only well-formed strings. */
export function readAuthNavState(state: unknown): AuthNavState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, message, emailSentAt } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    message: typeof message === 'string' ? message : undefined,
    emailSentAt: typeof emailSentAt === 'number' && Number.isFinite(emailSentAt) ? emailSentAt : undefined,
  };
}
