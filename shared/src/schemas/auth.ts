import { z } from 'zod';
import { AUTH } from '../constants.ts';

/** Email as accepted by the auth API: trimmed, lower-cased, bounded. */
export const AuthEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(AUTH.maxEmailLength)
  .pipe(z.email({ error: 'Unable to validate email address: invalid format' }));

/** Sign-up metadata of spec 1 §3 "Registration data". */
export const SignUpMetadata = z
  .object({
    first_name: z.string().trim().max(AUTH.maxNameLength).optional(),
    last_name: z.string().trim().max(AUTH.maxNameLength).optional(),
    full_name: z.string().trim().max(AUTH.maxNameLength * 2 + 1).optional(),
  })
  .strict();
export type SignUpMetadata = z.infer<typeof SignUpMetadata>;

/** POST /auth/v1/signup body (what supabase-js sends). */
export const SignUpBody = z.object({
  email: AuthEmail,
  password: z.string().max(AUTH.maxPasswordLength),
  data: SignUpMetadata.optional(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
  gotrue_meta_security: z.object({}).passthrough().optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** POST /auth/v1/token?grant_type=password body. */
export const PasswordGrantBody = z.object({
  email: AuthEmail,
  password: z.string().min(1).max(AUTH.maxPasswordLength),
  gotrue_meta_security: z.object({}).passthrough().optional(),
});

/** POST /auth/v1/token?grant_type=refresh_token body. */
export const RefreshGrantBody = z.object({ refresh_token: z.string().min(1).max(200) });

/** POST /auth/v1/verify body: `{type, email, token}` (a code) or `{type, token_hash}` (a link). */
export const VerifyBody = z.union([
  z.object({ type: z.enum(['signup', 'recovery', 'email']), email: AuthEmail, token: z.string().min(1).max(64) }),
  // magiclink: the dashboard's hand-off of a session to the browser extension (a link token only, no code).
  z.object({ type: z.enum(['signup', 'recovery', 'email', 'magiclink']), token_hash: z.string().min(1).max(128) }),
]);

/** POST /auth/v1/recover body. */
export const RecoverBody = z.object({
  email: AuthEmail,
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
  gotrue_meta_security: z.object({}).passthrough().optional(),
});

/** POST /auth/v1/resend body. */
export const ResendBody = z.object({
  type: z.enum(['signup', 'email_change', 'sms', 'phone_change']),
  email: AuthEmail.optional(),
  phone: z.string().max(32).optional(),
  gotrue_meta_security: z.object({}).passthrough().optional(),
});

/** PUT /auth/v1/user body. */
export const UpdateUserBody = z.object({
  password: z.string().max(AUTH.maxPasswordLength).optional(),
  data: SignUpMetadata.optional(),
  nonce: z.string().optional(),
});

/** The user object as supabase-js receives it (spec 1 §3 "User session"). */
export const AuthUser = z.object({
  id: z.uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  user_metadata: z.record(z.string(), z.unknown()),
  app_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(z.unknown()).optional(),
  factors: z.array(z.unknown()).optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type AuthUser = z.infer<typeof AuthUser>;
