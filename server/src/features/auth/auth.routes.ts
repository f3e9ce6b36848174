import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { jsonBody } from '../../http/body.ts';
import { reporterFor } from '../../http/rate-limit-state.ts';
import type { AccountService } from './account.service.ts';
import { AuthApiError, authErrorBoundary, authErrors } from './auth-error.ts';
import type { AuthClient } from './context.ts';
import { safeRedirect } from './mails.ts';
import type { LogoutScope, SessionService } from './session.service.ts';
import { bearerToken, TokenError, type AuthedUser, type TokenVerifier } from '../../http/token-verifier.ts';

export interface AuthRoutesDeps {
  accounts: AccountService;
  sessions: SessionService;
  verifier: TokenVerifier;
  anonKey: string;
  publicUrl: string;
  corsOrigins: string[];
  signupDisabled: boolean;
}

const query = (ctx: Context, name: string): string | undefined => {
  const v = ctx.query[name];
  return typeof v === 'string' ? v : undefined;
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Like Supabase's gateway: every call carries the project's public key (email links and discovery excepted). */
function requireApiKey(anonKey: string): Middleware {
  return async (ctx, next) => {
    const key = ctx.get('apikey') || query(ctx, 'apikey');
    if (!key) throw authErrors.noAuthorization('No API key found in request');
    if (!sameText(key, anonKey)) throw authErrors.noAuthorization('Invalid API key');
    await next();
  };
}

/** User routes need a user's access token; supabase-js sends the anon key as bearer when it has none. */
function requireSessionUser(verifier: TokenVerifier, anonKey: string): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token || sameText(token, anonKey)) throw authErrors.noAuthorization();
    try {
      ctx.state.user = await verifier.verify(token);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      throw err.reason === 'session_not_found' ? authErrors.sessionNotFound() : authErrors.badJwt(err.message);
    }
    await next();
  };
}

type Session = { access_token: string; refresh_token: string; expires_in: number; expires_at: number };

/**
 * Where an email link lands. Sign-up puts the session in the fragment (what supabase-js's URL detection
 * reads); recovery puts it in the query string, which the reset-password screen reads (spec 1 §2).
 */
function linkTarget(redirectTo: string, type: 'signup' | 'recovery', s: Session): string {
  const url = new URL(redirectTo);
  const params = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
  });
  if (type === 'recovery') for (const [k, v] of params) url.searchParams.set(k, v);
  else url.hash = params.toString();
  return url.toString();
}

function linkFailure(redirectTo: string): string {
  const url = new URL(redirectTo);
  url.hash = new URLSearchParams({
    error: 'access_denied',
    error_code: 'otp_expired',
    error_description: 'Email link is invalid or has expired',
  }).toString();
  return url.toString();
}

/** The Supabase Auth subset at /auth/v1 that supabase-js needs for email + password accounts. */
export function authRouter(d: AuthRoutesDeps): Router {
  const router = new Router({ prefix: '/auth/v1' });
  router.use(authErrorBoundary(), jsonBody());
  const apikey = requireApiKey(d.anonKey);
  const user = requireSessionUser(d.verifier, d.anonKey);
  const caller = (ctx: Context) => ctx.state.user as AuthedUser;
  /** The client's address, and its response as where the rate-limit checks report (RateLimit-* headers). */
  const client = (ctx: Context): AuthClient => ({ ip: ctx.ip, report: reporterFor(ctx) });

  router.get('/health', (ctx) => {
    ctx.body = { name: 'GoTrue', version: 'cofounder-local', description: 'Cofounder local auth (Supabase Auth subset)' };
  });
  router.get('/settings', (ctx) => {
    ctx.body = {
      external: { email: true, phone: false, google: false, github: false, apple: false, azure: false },
      disable_signup: d.signupDisabled,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  });
  router.get('/authorize', () => {
    throw authErrors.validation('Unsupported provider: provider is not enabled');
  });

  router.get('/verify', async (ctx) => {
    const type = query(ctx, 'type') === 'recovery' ? 'recovery' : 'signup';
    const fallback = type === 'recovery' ? '/reset-password' : '/verify-email';
    const redirectTo = safeRedirect(query(ctx, 'redirect_to'), fallback, d.publicUrl, d.corsOrigins);
    const known = ['signup', 'recovery', 'email'].includes(query(ctx, 'type') ?? '');
    const session = known
      ? await d.accounts.verifyLinkToken(query(ctx, 'token') ?? '', type).catch((err: unknown) => {
          if (err instanceof AuthApiError) return null;
          throw err;
        })
      : null;
    ctx.status = 303;
    ctx.redirect(session ? linkTarget(redirectTo, type, session) : linkFailure(redirectTo));
  });

  router.post('/signup', apikey, async (ctx) => {
    ctx.body = await d.accounts.signUp(ctx.request.body, query(ctx, 'redirect_to'), client(ctx));
  });
  router.post('/token', apikey, async (ctx) => {
    const grant = query(ctx, 'grant_type');
    if (grant === 'password') ctx.body = await d.sessions.signInWithPassword(ctx.request.body, client(ctx));
    else if (grant === 'refresh_token') ctx.body = await d.sessions.refresh(ctx.request.body);
    else throw authErrors.validation('unsupported_grant_type');
  });
  router.post('/verify', apikey, async (ctx) => {
    ctx.body = await d.accounts.verify(ctx.request.body, client(ctx));
  });
  router.post('/recover', apikey, async (ctx) => {
    ctx.body = await d.accounts.recover(ctx.request.body, query(ctx, 'redirect_to'), client(ctx));
  });
  router.post('/resend', apikey, async (ctx) => {
    ctx.body = await d.accounts.resend(ctx.request.body, query(ctx, 'redirect_to'), client(ctx));
  });
  router.get('/user', apikey, user, async (ctx) => {
    ctx.body = await d.accounts.getUser(caller(ctx));
  });
  router.put('/user', apikey, user, async (ctx) => {
    ctx.body = await d.accounts.updateProfile(caller(ctx), ctx.request.body);
  });
  router.post('/logout', apikey, user, async (ctx) => {
    const scope = query(ctx, 'scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw authErrors.validation('scope: must be global, local or others');
    await d.sessions.logout(caller(ctx), scope as LogoutScope);
    ctx.status = 204;
  });
  return router;
}
