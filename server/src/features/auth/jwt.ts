import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AUTH } from '@cofounder/shared';
import type { UserRow } from '../../db/schema.ts';
import { TokenError } from '../../http/token-verifier.ts';

export type AmrMethod = 'password' | 'otp' | 'recovery';

/** The claims of a local access token, as hosted Supabase Auth issues them. */
export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  role: string;
  exp: number;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Local auth tokens: HS256 with the server secret, like a Supabase project's legacy JWT secret.
 * The anon key is built with a fixed iat/exp so it stays the same across restarts for one secret
 * (browsers and extensions keep it in their config), just as a Supabase project's key does.
 */
export function createJwt(secret: string, issuer: string, now: () => number) {
  const key = new TextEncoder().encode(secret);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iss: 'cofounder-local', role: 'anon', iat: 1735689600, exp: 2366841600 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  const anonKey = `${header}.${payload}.${signature}`;

  return {
    anonKey,
    issuer,

    /** An access token for a session; expires AUTH.accessTokenTtlSeconds from now. */
    async signAccess(user: UserRow, sessionId: string, method: AmrMethod, sessionStartedAt: Date) {
      const iat = Math.floor(now() / 1000);
      const expiresAt = iat + AUTH.accessTokenTtlSeconds;
      const token = await new SignJWT({
        email: user.email,
        phone: '',
        app_metadata: user.appMetadata,
        user_metadata: user.userMetadata,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method, timestamp: Math.floor(sessionStartedAt.getTime() / 1000) }],
        session_id: sessionId,
        is_anonymous: false,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(user.id)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },

    /** Checks signature (HS256 only: never `none` or another alg), exp, aud, iss and role; no database. */
    async verifyAccess(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: 'authenticated',
          issuer,
          requiredClaims: ['exp', 'sub', 'session_id'],
          currentDate: new Date(now()),
        });
        if (payload.role !== 'authenticated' || typeof payload.session_id !== 'string') {
          throw new TokenError('invalid', 'token is not a user access token');
        }
        return {
          sub: payload.sub!,
          email: typeof payload.email === 'string' ? payload.email : '',
          session_id: payload.session_id,
          role: payload.role,
          exp: payload.exp!,
        };
      } catch (err) {
        if (err instanceof TokenError) throw err;
        if (err instanceof errors.JWTExpired) throw new TokenError('expired', 'token has invalid claims: token is expired');
        throw new TokenError('invalid', 'unable to parse or verify signature');
      }
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;
