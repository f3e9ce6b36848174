import type { Db } from '../../db/client.ts';
import type { Jwt } from './jwt.ts';
import { findSessionWithUser } from './sessions.repo.ts';
import { TokenCache } from './token-cache.ts';
import { TokenError, type AuthedUser, type TokenVerifier } from '../../http/token-verifier.ts';

/**
 * Local mode: a token is valid when its signature and claims are, AND its session is live and its user
 * exists. The database check is what makes sign-out and account deletion take effect before the token's
 * expiry; the cache keeps that check off the hot path.
 */
export function createLocalVerifier(jwt: Jwt, db: Db, now: () => number): TokenVerifier {
  const cache = new TokenCache(now);
  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) return hit;
      const claims = await jwt.verifyAccess(token);
      const found = await findSessionWithUser(db, claims.session_id);
      if (!found || found.session.revokedAt !== null || found.user.id !== claims.sub) {
        throw new TokenError('session_not_found', 'session has ended');
      }
      const user: AuthedUser = {
        id: found.user.id,
        email: found.user.email,
        sessionId: found.session.id,
        // From the row rather than the token, so a metadata update shows at once without a refresh.
        userMetadata: found.user.userMetadata,
      };
      cache.set(token, user, claims.exp * 1000);
      return user;
    },
    forgetSession: (sessionId) => cache.forget((u) => u.sessionId === sessionId),
    forgetUser: (userId) => cache.forget((u) => u.id === userId),
  };
}
