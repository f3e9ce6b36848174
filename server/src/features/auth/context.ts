import type { Logger } from 'pino';
import type { AuthLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailProvider } from '../../providers/email/port.ts';
import type { Jwt } from './jwt.ts';
import type { RateLimitReport } from '../../http/rate-limit-state.ts';
import type { Budget, MemoryRateLimits } from './rate-limit.ts';
import type { TokenVerifier } from '../../http/token-verifier.ts';

/** What the local auth services share; built once in local-auth.ts. */
export interface AuthContext {
  db: Db;
  jwt: Jwt;
  verifier: TokenVerifier;
  limiter: MemoryRateLimits;
  email: EmailProvider;
  now: () => number;
  log: Logger;
  publicUrl: string;
  corsOrigins: string[];
  signupDisabled: boolean;
  limits: AuthLimits;
  bcryptCost: number;
}

/** The client of an /auth/v1 request: its address (limits count per IP) and where its limit checks are reported. */
export interface AuthClient {
  ip: string;
  report: RateLimitReport;
}

/** `max` per the auth window (AUTH.rateLimitWindowSeconds). */
export const authBudget = (limits: AuthLimits, max: number): Budget => ({
  max,
  windowSeconds: limits.windowSeconds,
});

/** Postgres and PGlite both report a unique violation as SQLSTATE 23505 (drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
