import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables live in the public schema with an auth_ prefix: a Supabase Postgres already owns an `auth` schema,
// and DATABASE_URL may point at one. SQL stays within what Postgres 15 accepts (CI runs it).

const tz = { withTimezone: true } as const;

/** Accounts of the local auth server (hosted mode keeps users in Supabase instead). */
export const authUsers = pgTable(
  'auth_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    encryptedPassword: text('encrypted_password').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', tz),
    /** When the last confirmation / recovery mail went out: the per-address send cooldown reads these. */
    confirmationSentAt: timestamp('confirmation_sent_at', tz),
    recoverySentAt: timestamp('recovery_sent_at', tz),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    appMetadata: jsonb('app_metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({ provider: 'email', providers: ['email'] }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', tz),
  },
  (t) => [check('auth_users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** One row per sign-in; access tokens carry its id and stop working once it is revoked. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    /** How the session began (password, otp, recovery): the `amr` claim of every token it issues. */
    authMethod: text('auth_method').notNull().default('password'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', tz),
    notAfter: timestamp('not_after', tz),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Rotating refresh tokens; `parent` links each to the one it replaced, forming the session's family. */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parent: text('parent'),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('auth_refresh_tokens_session_idx').on(t.sessionId), index('auth_refresh_tokens_parent_idx').on(t.parent)],
);

/** Email confirmation and recovery: a link token and a 6-digit code, both stored only as sha256 hashes. */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['signup', 'recovery'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    otpHash: text('otp_hash').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    usedAt: timestamp('used_at', tz),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [
    index('auth_one_time_tokens_user_idx').on(t.userId, t.type),
    check('auth_one_time_tokens_type', sql`${t.type} in ('signup', 'recovery')`),
  ],
);

/** The dev mailbox: every mail the local email provider "sends". */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_to_idx').on(t.to, t.createdAt)],
);

export type UserRow = typeof authUsers.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type OneTimeTokenRow = typeof authOneTimeTokens.$inferSelect;
export type MailboxRow = typeof mailboxMessages.$inferSelect;
