import type { Logger } from 'pino';
import type { AuthLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailProvider } from '../../providers/email/port.ts';
import type { Jwt } from './jwt.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { TokenVerifier } from '../../http/token-verifier.ts';

/** What the local auth services share; built once in local-auth.ts. */
export interface AuthContext {
  db: Db;
  jwt: Jwt;
  verifier: TokenVerifier;
  limiter: RateLimiter;
  email: EmailProvider;
  now: () => number;
  log: Logger;
  publicUrl: string;
  corsOrigins: string[];
  signupDisabled: boolean;
  limits: AuthLimits;
  bcryptCost: number;
}

/** Postgres and PGlite both report a unique violation as SQLSTATE 23505 (drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
