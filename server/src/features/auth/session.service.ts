import bcrypt from 'bcryptjs';
import { AUTH, PasswordGrantBody, RefreshGrantBody } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { SessionRow, UserRow } from '../../db/schema.ts';
import { authErrors, parseAuthBody } from './auth-error.ts';
import { authBudget, type AuthClient, type AuthContext } from './context.ts';
import type { AmrMethod } from './jwt.ts';
import { randomToken } from './random.ts';
import {
  claimRefreshToken,
  findActiveChild,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeFamily,
  revokeSessions,
} from './sessions.repo.ts';
import { findUserByEmail, updateUser } from './users.repo.ts';
import { toAuthUser } from './user-view.ts';
import type { AuthedUser } from '../../http/token-verifier.ts';

export type LogoutScope = 'global' | 'local' | 'others';

/**
 * Supabase's refresh-token reuse interval: a used token presented again within 10 s of its rotation gets
 * the session of the token that replaced it instead of ending the session. Several clients sharing one
 * session (extension popup, side panel and background; tabs without a lock) refresh at the same moment.
 */
const REFRESH_REUSE_INTERVAL_MS = 10_000;

/** Sign-in, refresh-token rotation and sign-out of the local auth server. */
export function createSessionService(c: AuthContext) {
  let dummyHash: Promise<string> | undefined;
  const at = () => new Date(c.now());

  async function toSession(user: UserRow, session: SessionRow, refreshToken: string) {
    const method = session.authMethod as AmrMethod;
    const { token, expiresAt } = await c.jwt.signAccess(user, session.id, method, session.createdAt);
    return {
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: AUTH.accessTokenTtlSeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user),
    };
  }

  /** Opens a session with its first refresh token; runs in the caller's transaction. */
  async function start(tx: Db, user: UserRow, method: AmrMethod) {
    const now = at();
    const session = await insertSession(tx, user.id, method, now);
    const refreshToken = randomToken();
    await insertRefreshToken(tx, { token: refreshToken, sessionId: session.id, parent: null, createdAt: now });
    const signedIn = await updateUser(tx, user.id, { lastSignInAt: now });
    return toSession(signedIn, session, refreshToken);
  }

  /**
   * Unknown email and wrong password answer alike, and both pay for one bcrypt comparison, so neither the
   * reply nor its timing tells whether an account exists. Only failures count toward the limits. An IP over
   * its budget is refused outright. An address over its budget still gets its password checked: the right one
   * signs in (anyone could spend that budget, so refusing it would let strangers lock the owner out), a wrong
   * one gets 429 instead of invalid_credentials. Guessing stays bounded by the per-IP budget and bcrypt's cost.
   * Both budgets are reported (the RateLimit-* headers show the nearer one).
   */
  async function signInWithPassword(body: unknown, client: AuthClient) {
    const input = parseAuthBody(PasswordGrantBody, body);
    const ipKey = `signin:ip:${client.ip}`;
    const emailKey = `signin:email:${input.email}`;
    const { limits, limiter } = c;
    const ipBudget = authBudget(limits, limits.signInPerIp);
    const emailBudget = authBudget(limits, limits.signInPerEmail);
    const ipState = await limiter.check(ipKey, ipBudget);
    client.report(ipState);
    if (!ipState.ok) throw authErrors.rateLimited(ipState.resetSeconds);
    const emailState = await limiter.check(emailKey, emailBudget);
    client.report(emailState);
    const user = await findUserByEmail(c.db, input.email);
    dummyHash ??= bcrypt.hash(randomToken(), c.bcryptCost);
    const matches = await bcrypt.compare(input.password, user?.encryptedPassword ?? (await dummyHash));
    if (!user || !matches) {
      client.report(await limiter.record(ipKey, ipBudget));
      const email = await limiter.record(emailKey, emailBudget);
      client.report(email);
      throw emailState.ok ? authErrors.invalidCredentials() : authErrors.rateLimited(email.resetSeconds);
    }
    if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
    return c.db.transaction((tx) => start(tx, user, 'password'));
  }

  /**
   * Rotation: each refresh token works once and is replaced by a child. Presenting a used one means it
   * leaked (or a client misbehaves), so the whole session — every token of the family — is ended.
   */
  async function refresh(body: unknown) {
    const { refresh_token } = parseAuthBody(RefreshGrantBody, body);
    const found = await findRefreshToken(c.db, refresh_token);
    if (!found) throw authErrors.refreshNotFound();
    const endFamily = async () => {
      await c.db.transaction((tx) => revokeFamily(tx, found.session.id, at()));
      c.verifier.forgetSession(found.session.id);
      return authErrors.refreshReused();
    };
    if (found.session.revokedAt) throw found.refresh.revoked ? await endFamily() : authErrors.refreshNotFound();
    if (found.refresh.revoked) {
      const child = await findActiveChild(c.db, refresh_token);
      if (child && c.now() - child.createdAt.getTime() <= REFRESH_REUSE_INTERVAL_MS) {
        return toSession(found.user, found.session, child.token);
      }
      throw await endFamily();
    }
    const session = await c.db.transaction(async (tx) => {
      if (!(await claimRefreshToken(tx, found.refresh.id))) return null; // a concurrent request used it
      const next = randomToken();
      await insertRefreshToken(tx, { token: next, sessionId: found.session.id, parent: refresh_token, createdAt: at() });
      return toSession(found.user, found.session, next);
    });
    if (!session) throw await endFamily();
    return session;
  }

  async function logout(user: AuthedUser, scope: LogoutScope): Promise<void> {
    const own = user.sessionId ?? undefined;
    // A token without a session id ends nothing on "local": never every session of the user (issue 20 §6).
    if (scope === 'local' && !own) return;
    const which = scope === 'local' ? { only: own } : scope === 'others' ? { except: own } : {};
    const revoked = await revokeSessions(c.db, user.id, at(), which);
    for (const id of revoked) c.verifier.forgetSession(id);
  }

  return { start, signInWithPassword, refresh, logout };
}

export type SessionService = ReturnType<typeof createSessionService>;
