import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { TokenCache } from './token-cache.ts';
import { TokenError, type AuthedUser, type TokenVerifier } from '../../http/token-verifier.ts';

const verifyOptions = (issuer: string, now: () => number) => ({
  audience: 'authenticated',
  issuer,
  requiredClaims: ['exp', 'sub'],
  currentDate: new Date(now()),
});

/**
 * Hosted Supabase: checks the signature with the project's JWT secret (HS256) or, without one, its public
 * signing keys (JWKS, cached 10 minutes like supabase-js does). Sessions live in Supabase, so a signed-out
 * token stays valid here until it expires: the same trade-off every Supabase resource server makes.
 */
export function createHostedVerifier(supabaseUrl: string, jwtSecret: string | null, now: () => number): TokenVerifier {
  const issuer = `${supabaseUrl}/auth/v1`;
  const secret = jwtSecret ? new TextEncoder().encode(jwtSecret) : null;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { cacheMaxAge: 10 * 60_000 });
  const cache = new TokenCache(now);

  async function check(token: string): Promise<JWTPayload> {
    try {
      const { payload } = secret
        ? await jwtVerify(token, secret, { ...verifyOptions(issuer, now), algorithms: ['HS256'] })
        : await jwtVerify(token, jwks, { ...verifyOptions(issuer, now), algorithms: ['ES256', 'RS256', 'EdDSA'] });
      if (payload.role !== 'authenticated') throw new TokenError('invalid', 'token is not a user access token');
      return payload;
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof errors.JWTExpired) throw new TokenError('expired', 'token is expired');
      throw new TokenError('invalid', 'unable to verify token');
    }
  }

  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) return hit;
      const payload = await check(token);
      const metadata = payload.user_metadata;
      const user: AuthedUser = {
        id: payload.sub!,
        email: typeof payload.email === 'string' ? payload.email : '',
        sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
        userMetadata: metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {},
      };
      cache.set(token, user, payload.exp! * 1000);
      return user;
    },
    forgetSession: (sessionId) => cache.forget((u) => u.sessionId === sessionId),
    forgetUser: (userId) => cache.forget((u) => u.id === userId),
  };
}
