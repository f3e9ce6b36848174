import type { UserRow } from '../../db/schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user object of Supabase Auth (GET /user, sessions, sign-up), with the one email identity we have. */
export function toAuthUser(u: UserRow) {
  const emailVerified = u.emailConfirmedAt !== null;
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(u.confirmationSentAt),
    recovery_sent_at: iso(u.recoverySentAt),
    confirmed_at: iso(u.emailConfirmedAt),
    last_sign_in_at: iso(u.lastSignInAt),
    app_metadata: u.appMetadata,
    user_metadata: u.userMetadata,
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: emailVerified, phone_verified: false, sub: u.id },
        provider: 'email',
        last_sign_in_at: iso(u.lastSignInAt),
        created_at: u.createdAt.toISOString(),
        updated_at: u.updatedAt.toISOString(),
        email: u.email,
      },
    ],
    factors: [],
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export type AuthUserJson = ReturnType<typeof toAuthUser>;
