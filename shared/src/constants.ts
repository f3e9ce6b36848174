/** Every number of the spec lives here once; server, web and extension import it. */

/** Password rules (spec 1 §4, §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Redirect and timing constants in milliseconds (spec 1 §4, §9). */
export const TIMINGS = {
  loginSuccessRedirectMs: 1500,
  unconfirmedLoginRedirectMs: 2000,
  registerSuccessRedirectMs: 1500,
  tryAgainRedirectMs: 1000,
  toastAutoCloseMs: 5000,
  connectionsFetchDelayMs: 100,
  chunkLoadTimeoutMs: 120_000,
  dashboardTourDelayMs: 1000,
} as const;

/** Resend verification cooldown (spec 1 §4, §9): the button reads "Resend in Ns" meanwhile. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Local auth server defaults (spec 1 §9 "Authentication library defaults" and ARCHITECTURE.md). */
export const AUTH = {
  /** Access tokens live one hour; supabase-js refreshes them shortly before expiry. Never below 5 minutes. */
  accessTokenTtlSeconds: 3600,
  /** Minimum seconds between two confirmation or recovery emails to one address. */
  emailSendCooldownSeconds: RESEND_COOLDOWN_SECONDS,
  /** One-time email links stay valid for 24 hours. */
  emailLinkTtlSeconds: 24 * 3600,
  /** Rate limits per window, keyed by IP and by email. */
  rateLimitWindowSeconds: 5 * 60,
  signInPerIp: 30,
  signInPerEmail: 10,
  signUpPerIp: 10,
  recoverPerIp: 10,
  resendPerIp: 10,
  /** Maximum JSON body accepted by /auth/v1 and /api (bytes). */
  maxJsonBodyBytes: 100_000,
  /** Field length limits. */
  maxEmailLength: 254,
  maxPasswordLength: 72,
  maxNameLength: 100,
} as const;

/** Minimum length of a usable bearer token (spec 1 §5 "Connections token"). */
export const MIN_TOKEN_LENGTH = 11;

/** Local storage keys (spec 1 §3). */
export const STORAGE_KEYS = {
  theme: 'theme',
  onboardingCompleted: (userId: string) => `onboarding_completed_${userId}`,
  userProfile: (userId: string) => `user_profile_${userId}`,
  /** Where the guard remembers the page an anonymous user tried to open. */
  returnTo: 'cofounder.returnTo',
} as const;

/** Default ports (server API + web on PORT, the monitor socket on MONITOR_PORT). */
export const DEFAULT_PORT = 3000;
export const DEFAULT_MONITOR_PORT = 3001;

/** The free trial length, one constant for landing, pricing and terms (ARCHITECTURE.md resolves 7 vs 2 days). */
export const FREE_TRIAL_DAYS = 2;
