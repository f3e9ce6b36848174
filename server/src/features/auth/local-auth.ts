import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailProvider } from '../../providers/email/port.ts';
import { createAccountService, type AccountService } from './account.service.ts';
import { authRouter } from './auth.routes.ts';
import { createJwt } from './jwt.ts';
import { createLocalVerifier } from './local-verifier.ts';
import { MemoryRateLimits } from './rate-limit.ts';
import { createSessionService } from './session.service.ts';
import type { TokenVerifier } from '../../http/token-verifier.ts';

export interface LocalAuth {
  router: Router;
  verifier: TokenVerifier;
  anonKey: string;
  accounts: AccountService;
}

/** Builds the local Supabase-compatible auth server (used when SUPABASE_URL is not set). */
export function createLocalAuth(deps: { config: Config; db: Db; email: EmailProvider; now: () => number; log: Logger }): LocalAuth {
  const { config, db, now } = deps;
  const secret = config.auth.jwtSecret;
  if (!secret) throw new Error('Local auth needs config.auth.jwtSecret (main loads or generates it in DATA_DIR)');
  const jwt = createJwt(secret, `${config.publicUrl}/auth/v1`, now);
  const verifier = createLocalVerifier(jwt, db, now);
  const context = {
    db,
    jwt,
    verifier,
    limiter: new MemoryRateLimits(),
    email: deps.email,
    now,
    log: deps.log,
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    signupDisabled: config.auth.signupDisabled,
    limits: config.auth.limits,
    bcryptCost: config.auth.bcryptCost,
  };
  const sessions = createSessionService(context);
  const accounts = createAccountService(context, sessions);
  const router = authRouter({
    accounts,
    sessions,
    verifier,
    anonKey: jwt.anonKey,
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    signupDisabled: config.auth.signupDisabled,
  });
  return { router, verifier, anonKey: jwt.anonKey, accounts };
}
