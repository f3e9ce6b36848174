import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACTIVITY_PLATFORMS,
  APPROVAL_STATUSES,
  BILLING_INTERVALS,
  CONTACT,
  INVESTOR_STATUSES,
  MESSAGE_VIA,
  PAID_PLAN_IDS,
  SUBSCRIPTION_STATES,
  PUBLISH_STATUSES,
  TASK_AGENTS,
  TASK_CATEGORIES,
  TASK_OUTCOMES,
  TASK_STATUSES,
  VM_STATUSES,
  VM_STOP_REASONS,
  VM_TASK_STATUSES,
  type ApprovalPost,
  type Decision,
  type PendingConfirmation,
  type AutonomyPreferences,
  type InternSettings,
  type OnboardingProfile,
  type PageContext,
  type Personalization,
  type SOCIAL_PLATFORMS,
} from '@cofounder/shared';

// Tables live in the public schema with an auth_ prefix: a Supabase Postgres already owns an `auth` schema,
// and DATABASE_URL may point at one. SQL stays within what Postgres 15 accepts (CI runs it).
//
// A list's index mirrors its query: equality columns, then the ORDER BY columns in the same directions, each
// `desc(x)` as `x.desc().nullsFirst()`. Drizzle's bare `.desc()` is DESC NULLS LAST, which cannot serve
// `ORDER BY x DESC` (NULLS FIRST in PostgreSQL): the newest page becomes a sort of all the founder's rows.
// db/list-indexes.test.ts EXPLAINs every list to hold this.

const tz = { withTimezone: true } as const;

/** A check that a text column holds one of the listed values; the list comes from the shared constants. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

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
  (t) => [
    index('auth_refresh_tokens_session_idx').on(t.sessionId),
    index('auth_refresh_tokens_parent_idx').on(t.parent),
  ],
);

/**
 * Email confirmation and recovery (a link token and a 6-digit code), and the dashboard's one-use hand-off to the
 * browser extension (magiclink: a token only), all stored only as sha256 hashes.
 */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['signup', 'recovery', 'magiclink'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    otpHash: text('otp_hash').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    usedAt: timestamp('used_at', tz),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [
    index('auth_one_time_tokens_user_idx').on(t.userId, t.type),
    check('auth_one_time_tokens_type', sql`${t.type} in ('signup', 'recovery', 'magiclink')`),
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
    replyTo: text('reply_to'),
    /** The sender's display name when a mail goes out on a founder's behalf (investor outreach). */
    fromName: text('from_name'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_to_idx').on(t.to, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type UserRow = typeof authUsers.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type OneTimeTokenRow = typeof authOneTimeTokens.$inferSelect;
export type MailboxRow = typeof mailboxMessages.$inferSelect;

// Product data below keys on the auth user's id without a foreign key: in hosted-Supabase mode the users
// live in Supabase, not in auth_users.

/** The founder's onboarding: the wizard's profile and where they are in it (one row per user). */
export const onboarding = pgTable('onboarding', {
  userId: uuid('user_id').primaryKey(),
  profile: jsonb('profile').$type<OnboardingProfile>(),
  hasStarted: boolean('has_started').notNull().default(false),
  readyToWork: boolean('ready_to_work').notNull().default(false),
  isComplete: boolean('is_complete').notNull().default(false),
  completedAt: timestamp('completed_at', tz),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const MESSAGE_CHANNELS = ['onboarding', 'chat'] as const;
export const MESSAGE_ROLES = ['user', 'intern'] as const;
export const MESSAGE_KINDS = ['message', 'welcome', 'task_notification', 'transition'] as const;

/**
 * The onboarding interview and the chat, one table with a channel. `seq` orders messages (two tabs sending
 * at once still get a total order) and is the paging key; `kind` carries the chat message flags.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('message'),
    text: text('text').notNull(),
    /** The page the founder attached to this message from the extension (shown under it in the history). */
    pageContext: jsonb('page_context').$type<PageContext>(),
    /** Came in (or its reply went out) by text or as a voicemail rather than in the app; null for in-app chat. */
    via: text('via', { enum: MESSAGE_VIA }),
    /** An intern reply's producer: the model's name, or 'offline' (see OFFLINE_PRODUCER); null for the founder's. */
    producedBy: text('produced_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_channel_seq_idx').on(t.userId, t.channel, t.seq.desc().nullsFirst()),
    // At most one welcome per user, so two tabs opening the chat at once cannot both write one.
    uniqueIndex('messages_one_welcome_idx')
      .on(t.userId)
      .where(sql`${t.kind} = 'welcome'`),
    check('messages_channel', oneOf(t.channel, MESSAGE_CHANNELS)),
    check('messages_role', oneOf(t.role, MESSAGE_ROLES)),
    check('messages_kind', oneOf(t.kind, MESSAGE_KINDS)),
    check('messages_via', oneOf(t.via, MESSAGE_VIA)),
  ],
);

/** Intern settings (spec 2 §3); no row means the defaults. */
export const internSettings = pgTable('intern_settings', {
  userId: uuid('user_id').primaryKey(),
  internName: text('intern_name').notNull(),
  communicationStyle: text('communication_style').$type<InternSettings['communicationStyle']>().notNull(),
  formalityLevel: text('formality_level').$type<InternSettings['formalityLevel']>().notNull(),
  responseLength: text('response_length').$type<InternSettings['responseLength']>().notNull(),
  priorityFocus: text('priority_focus').$type<InternSettings['priorityFocus']>().notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** The founder's tasks (spec 2 §3). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    description: text('description').notNull(),
    priority: integer('priority').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pending'),
    agent: text('agent', { enum: TASK_AGENTS }).notNull(),
    category: text('category', { enum: TASK_CATEGORIES }).notNull(),
    requiredPlatforms: jsonb('required_platforms')
      .$type<(typeof SOCIAL_PLATFORMS)[number][]>()
      .notNull()
      .default([]),
    pauseReason: text('pause_reason'),
    /** Runs started by the engine (a retry after a failure or an expired lease counts again). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The queue job that holds the task while in progress: only that job may take it back after its lease expires. */
    jobId: text('job_id'),
    /** The founder's machine a coding or research task runs on first (issue 12); null: no machine. */
    vmId: uuid('vm_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_user_status_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('tasks_priority', sql`${t.priority} between 1 and 10`),
    check('tasks_status', oneOf(t.status, TASK_STATUSES)),
    check('tasks_agent', oneOf(t.agent, TASK_AGENTS)),
    check('tasks_category', oneOf(t.category, TASK_CATEGORIES)),
  ],
);

/** What a task's agent produced (one row per task, replaced when the task runs again). */
export const taskResults = pgTable(
  'task_results',
  {
    taskId: uuid('task_id')
      .primaryKey()
      .references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    tokens: integer('tokens').notNull().default(0),
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    /** False when a model without a known price did some of the work: costUsd leaves its tokens out. */
    priceKnown: boolean('price_known').notNull().default(true),
    /** The model that wrote the result, or 'offline'. */
    producedBy: text('produced_by'),
    /** achieved, or needs_input for a draft the founder must complete (not counted in the Success Rate). */
    outcome: text('outcome', { enum: TASK_OUTCOMES }).notNull().default('achieved'),
    completedAt: timestamp('completed_at', tz).notNull(),
  },
  (t) => [check('task_results_outcome', oneOf(t.outcome, TASK_OUTCOMES))],
);

/** What agents did, for the Work screen's activity feed (spec 2 §3). */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    taskId: uuid('task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    platform: text('platform', { enum: ACTIVITY_PLATFORMS }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    subreddit: text('subreddit'),
    link: text('link'),
    reasoning: text('reasoning'),
    outcome: text('outcome'),
    /** The model behind an agent's activity, or 'offline'; null when no AI wrote it. */
    producedBy: text('produced_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('activities_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('activities_platform', oneOf(t.platform, ACTIVITY_PLATFORMS)),
  ],
);

/** Drafts waiting for the founder's decision (approvals inbox); marketing posts first. */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    taskId: uuid('task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['marketing_post'] }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    post: jsonb('post').$type<ApprovalPost>().notNull(),
    /** The model that drafted the post, or 'offline'. */
    producedBy: text('produced_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', tz),
    /** Null until approved; then what became of the post (see PublishState). */
    publishStatus: text('publish_status', { enum: PUBLISH_STATUSES }),
    publishLink: text('publish_link'),
    publishError: text('publish_error'),
    publishAttempts: integer('publish_attempts').notNull().default(0),
    publishNextAttemptAt: timestamp('publish_next_attempt_at', tz),
    publishedAt: timestamp('published_at', tz),
  },
  (t) => [
    index('approvals_user_status_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The per-platform cap counts a founder's recent posts; the start-up re-queue finds queued ones.
    index('approvals_user_published_idx').on(t.userId, t.publishedAt),
    index('approvals_publish_status_idx').on(t.publishStatus),
    check('approvals_status', oneOf(t.status, APPROVAL_STATUSES)),
    check('approvals_publish_status', oneOf(t.publishStatus, PUBLISH_STATUSES)),
  ],
);

/** Whether drafted posts wait for the founder's approval; no row means the default (they do). */
export const postingSettings = pgTable('posting_settings', {
  userId: uuid('user_id').primaryKey(),
  approveBeforePosting: boolean('approve_before_posting').notNull().default(true),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** The founder's kill switch: while paused, workers start none of the founder's tasks. */
export const agentControls = pgTable('agent_controls', {
  userId: uuid('user_id').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Autonomy per founder (spec 2 §3): the energy level, check-in interval, preferences and the last check-in. */
export const autonomySettings = pgTable('autonomy_settings', {
  userId: uuid('user_id').primaryKey(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  productivity: integer('productivity').notNull(),
  intervalHours: doublePrecision('interval_hours').notNull(),
  preferences: jsonb('preferences').$type<AutonomyPreferences>().notNull(),
  nextRunAt: timestamp('next_run_at', tz),
  lastRunAt: timestamp('last_run_at', tz),
  lastRunTasks: integer('last_run_tasks'),
  lastRunMessage: text('last_run_message'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Metered use per user per calendar month (UTC, 'YYYY-MM'). */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id').notNull(),
    month: text('month').notNull(),
    messages: integer('messages').notNull().default(0),
    tasks: integer('tasks').notNull().default(0),
    /** Transcribed audio and realtime call time together (spec: voice minutes), in seconds. */
    voiceSeconds: integer('voice_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Realtime voice calls: one row per minted session. `ended_at` null while the call may still be running;
 * `seconds` is what cleanup metered (at most `max_seconds`).
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    startedAt: timestamp('started_at', tz).notNull(),
    endedAt: timestamp('ended_at', tz),
    maxSeconds: integer('max_seconds').notNull(),
    seconds: integer('seconds'),
  },
  (t) => [index('voice_calls_user_open_idx').on(t.userId, t.endedAt)],
);
export type VoiceCallRow = typeof voiceCalls.$inferSelect;

/** When the user's free trial started: created on first use (sign-up). The plan itself comes from `subscriptions`. */
export const userPlans = pgTable('user_plans', {
  userId: uuid('user_id').primaryKey(),
  trialStartedAt: timestamp('trial_started_at', tz).notNull().defaultNow(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/**
 * The user's paid subscription, one row per user: the single source of the plan (no row, or one that no longer
 * grants a plan, means the free trial). Written only by the billing events (Stripe webhooks, or the local
 * checkout's same events); `eventAt` is the provider time of the event last applied, so an older event that
 * arrives late never overwrites a newer state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    plan: text('plan', { enum: PAID_PLAN_IDS }),
    interval: text('interval', { enum: BILLING_INTERVALS }),
    status: text('status', { enum: SUBSCRIPTION_STATES }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', tz),
    /** A downgrade waiting for the period end. */
    scheduledPlan: text('scheduled_plan', { enum: PAID_PLAN_IDS }),
    scheduledInterval: text('scheduled_interval', { enum: BILLING_INTERVALS }),
    eventAt: timestamp('event_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_customer_idx').on(t.provider, t.customerId),
    uniqueIndex('subscriptions_subscription_idx').on(t.subscriptionId),
    check('subscriptions_plan', oneOf(t.plan, PAID_PLAN_IDS)),
    check('subscriptions_interval', oneOf(t.interval, BILLING_INTERVALS)),
    check('subscriptions_status', oneOf(t.status, SUBSCRIPTION_STATES)),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Billing events already applied, by the provider's event id: a redelivered webhook is applied once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
});

/** Checkout sessions of the local provider (Stripe keeps its own). */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    plan: text('plan', { enum: PAID_PLAN_IDS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'complete', 'declined', 'expired'] }).notNull().default('open'),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    completedAt: timestamp('completed_at', tz),
  },
  (t) => [index('local_checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Payments of the local provider: Payment History lists them as Stripe's invoices are listed. */
export const localInvoices = pgTable(
  'local_invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('local_invoices_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type MessageRow = typeof messages.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskResultRow = typeof taskResults.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type AutonomyRow = typeof autonomySettings.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
export type PostingSettingsRow = typeof postingSettings.$inferSelect;

/** Pending OAuth starts (10 minutes): the state is stored hashed, the PKCE verifier encrypted. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    platform: text('platform', { enum: ['twitter', 'reddit'] }).notNull(),
    codeVerifierEnc: text('code_verifier_enc').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    usedAt: timestamp('used_at', tz),
  },
  (t) => [index('oauth_states_created_idx').on(t.createdAt)],
);

/**
 * Single-use codes that open a connect window (SOCIAL_CONNECT.codeTtlSeconds): the window's URL carries one
 * instead of the founder's bearer token. Stored hashed; redeeming deletes the row, so a code works once.
 */
export const socialConnectCodes = pgTable(
  'social_connect_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    platform: text('platform', { enum: ['twitter', 'reddit'] }).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('social_connect_codes_expires_idx').on(t.expiresAt)],
);

/** A founder's X / Reddit connection: provider tokens encrypted (AES-256-GCM), never sent to browsers. */
export const socialConnections = pgTable(
  'social_connections',
  {
    userId: uuid('user_id').notNull(),
    platform: text('platform', { enum: ['twitter', 'reddit'] }).notNull(),
    displayName: text('display_name'),
    username: text('username'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    expiresAt: timestamp('expires_at', tz),
    scope: text('scope'),
    lastSync: timestamp('last_sync', tz),
    error: text('error'),
    confirmHandleHash: text('confirm_handle_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', tz),
    connected: boolean('connected').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.platform] }),
    check('social_connections_platform', sql`${t.platform} in ('twitter', 'reddit')`),
  ],
);
export type SocialConnectionRow = typeof socialConnections.$inferSelect;

/**
 * A founder's own model (issue 23, "bring your own model"): what answers them instead of the server's default.
 * One row per founder; the key is sealed with AES-256-GCM (the social tokens' key) and never leaves the server.
 */
export const modelConnections = pgTable(
  'model_connections',
  {
    userId: uuid('user_id').primaryKey(),
    kind: text('kind', { enum: ['openai', 'compatible', 'local'] }).notNull(),
    baseUrl: text('base_url').notNull(),
    apiKeyEnc: text('api_key_enc'),
    /** `sk-…abcd`: all a browser ever sees of the key. */
    keyHint: text('key_hint'),
    chatModel: text('chat_model').notNull(),
    researchModel: text('research_model'),
    computerModel: text('computer_model'),
    /** Speech models: OpenAI's defaults when kind is openai; another server offers speech only when named. */
    transcriptionModel: text('transcription_model'),
    realtimeModel: text('realtime_model'),
    /**
     * Saved by a client on this machine while the server ran as a local install. Only such a connection may reach a
     * model server on this machine's loopback, and only while the server still runs as one: a founder elsewhere
     * never gets loopback, whatever their saved name resolves to later.
     */
    savedOnThisMachine: boolean('saved_on_this_machine').notNull().default(false),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [check('model_connections_kind', sql`${t.kind} in ('openai', 'compatible', 'local')`)],
);
export type ModelConnectionRow = typeof modelConnections.$inferSelect;

/**
 * Messages from the public contact form (no user: visitors are anonymous). Stored before they are mailed to
 * CONTACT_TO; `mailed_at` stays null when that mail failed, so nothing sent is lost. The sender's IP is kept
 * only as a keyed hash (repeat senders can be told apart, the address cannot be read back).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', tz),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_subject', oneOf(t.subject, CONTACT.subjects)),
  ],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export const INVESTOR_EMAIL_STATUSES = ['pending', 'approved', 'sent', 'rejected'] as const;

/**
 * Investors the research agent found for a founder (spec 2 §3). `identity` is investorIdentity() (email, else
 * LinkedIn path, else name and firm): unique per founder, so two research runs never store one investor twice.
 */
export const investors = pgTable(
  'investors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    taskId: uuid('task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    identity: text('identity').notNull(),
    name: text('name').notNull(),
    firm: text('firm'),
    email: text('email'),
    linkedin: text('linkedin'),
    geo: text('geo'),
    status: text('status', { enum: INVESTOR_STATUSES }).notNull().default('new'),
    checkSize: text('check_size'),
    focus: jsonb('focus').$type<string[]>().notNull().default([]),
    thesis: text('thesis'),
    stages: jsonb('stages').$type<string[]>().notNull().default([]),
    portfolio: jsonb('portfolio').$type<string[]>().notNull().default([]),
    recentInvestments: jsonb('recent_investments').$type<string[]>().notNull().default([]),
    sourceUrl: text('source_url'),
    /** An https image on INVESTORS.avatar.hosts, from web research only; shown through the avatar proxy. */
    photoUrl: text('photo_url'),
    sample: boolean('sample').notNull().default(false),
    verificationScore: integer('verification_score').notNull(),
    verificationLevel: text('verification_level', { enum: ['verified', 'partial', 'basic'] }).notNull(),
    foundAt: timestamp('found_at', tz).notNull(),
    lastContactDate: timestamp('last_contact_date', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investors_user_identity_idx').on(t.userId, t.identity),
    // The list's order (found_at desc, name, id), with and without a status filter.
    index('investors_user_found_idx').on(t.userId, t.foundAt.desc().nullsFirst(), t.name, t.id),
    index('investors_user_status_idx').on(t.userId, t.status, t.foundAt.desc().nullsFirst(), t.name, t.id),
    check('investors_status', oneOf(t.status, INVESTOR_STATUSES)),
    check('investors_verification_level', sql`${t.verificationLevel} in ('verified', 'partial', 'basic')`),
  ],
);
export type InvestorRow = typeof investors.$inferSelect;

/**
 * Drafted emails to investors. pending → approved (one conditional update decides who sends) → sent, or
 * pending → rejected; a failed send puts it back to pending. Nothing leaves without the founder's approval.
 */
export const investorEmails = pgTable(
  'investor_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    investorId: uuid('investor_id')
      .notNull()
      .references((): AnyPgColumn => investors.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    personalization: jsonb('personalization').$type<Personalization>().notNull(),
    status: text('status', { enum: INVESTOR_EMAIL_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', tz),
    sentAt: timestamp('sent_at', tz),
  },
  (t) => [
    index('investor_emails_user_status_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('investor_emails_investor_idx').on(t.investorId),
    check('investor_emails_status', oneOf(t.status, INVESTOR_EMAIL_STATUSES)),
  ],
);
export type InvestorEmailRow = typeof investorEmails.$inferSelect;

/**
 * Phone integration (issue 11): each phone number that ever texted us. user_id is set once the number is verified
 * by a code (one number per user, one user per number); opted_out follows STOP / START whether or not it is linked.
 */
export const smsNumbers = pgTable(
  'sms_numbers',
  {
    phoneNumber: text('phone_number').primaryKey(),
    userId: uuid('user_id'),
    verifiedAt: timestamp('verified_at', tz),
    optedOut: boolean('opted_out').notNull().default(false),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_numbers_user_idx').on(t.userId)],
);
export type SmsNumberRow = typeof smsNumbers.$inferSelect;

/** The one active verification code per user (a new code replaces it). */
export const smsCodes = pgTable(
  'sms_codes',
  {
    userId: uuid('user_id').primaryKey(),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_code_idx').on(t.code)],
);

export const SMS_DIRECTIONS = ['in', 'out'] as const;

/**
 * Every text in and out (local mode: the outbox the phone page shows). user_id is null for texts of numbers not
 * linked to anyone; chat_message_id marks the chat message an inbound text became (the chat's "via SMS").
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders the thread (a reply's segments share a timestamp). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id'),
    direction: text('direction', { enum: SMS_DIRECTIONS }).notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    providerSid: text('provider_sid'),
    chatMessageId: uuid('chat_message_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_user_seq_idx').on(t.userId, t.seq.desc().nullsFirst()),
    check('sms_messages_direction', oneOf(t.direction, SMS_DIRECTIONS)),
    // Twilio retries a webhook it got no answer to: the same inbound MessageSid is stored (and answered) once.
    uniqueIndex('sms_messages_inbound_sid_idx')
      .on(t.providerSid)
      .where(sql`${t.direction} = 'in' and ${t.providerSid} is not null`),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;

/**
 * AI computer control (issue 12): the founder's machines. node names the server process that runs a local
 * machine (`host:port`); at start-up a server marks its own local machines STOPPED (their browsers died with it).
 * Delete ends a machine and removes its row; TERMINATED remains only for machines ended outside their card (spec 2
 * §4: a terminated VM may be started afresh).
 */
export const vms = pgTable(
  'vms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: VM_STATUSES }).notNull(),
    provider: text('provider', { enum: ['local', 'hosted', 'cloud'] }).notNull(),
    machineType: text('machine_type').notNull(),
    externalIp: text('external_ip'),
    node: text('node'),
    /** When the machine last began running (counts toward the monthly machine hours); null when not running. */
    runningSince: timestamp('running_since', tz),
    /** Why it is STOPPED when the founder did not stop it (VM_STOP_REASONS); null otherwise. */
    stopReason: text('stop_reason', { enum: VM_STOP_REASONS }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('vms_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('vms_status', oneOf(t.status, VM_STATUSES)),
    check('vms_stop_reason', oneOf(t.stopReason, VM_STOP_REASONS)),
  ],
);
export type VmRow = typeof vms.$inferSelect;

/**
 * Browser hosts (issue 28 §1): each `npm run machine-host` process registers here with the address API processes
 * reach it at, how many machines it may run, its versions and the secret its API and CDP relay require, and
 * heartbeats while it runs. A host whose heartbeat is older than VMS.hosts.lostAfterMs is lost.
 */
export const machineHosts = pgTable('machine_hosts', {
  id: uuid('id').primaryKey().defaultRandom(),
  address: text('address').notNull(),
  capacity: integer('capacity').notNull(),
  /** The host's Playwright and product versions: a client must match Playwright's minor version. */
  version: text('version').notNull(),
  secret: text('secret').notNull(),
  machines: integer('machines').notNull().default(0),
  startedAt: timestamp('started_at', tz).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', tz).notNull().defaultNow(),
  /** Set when the host shut down in order; a host that died keeps null and goes stale instead. */
  stoppedAt: timestamp('stopped_at', tz),
});
export type MachineHostRow = typeof machineHosts.$inferSelect;

/**
 * Which host holds each hosted machine's browser and profile (issue 28 §2), written by providers/vm/hosted.ts:
 * running says whether its browser is up there (placement counts running machines per host).
 */
export const machinePlacements = pgTable(
  'machine_placements',
  {
    vmId: uuid('vm_id').primaryKey(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => machineHosts.id, { onDelete: 'cascade' }),
    running: boolean('running').notNull().default(false),
    placedAt: timestamp('placed_at', tz).notNull().defaultNow(),
  },
  (t) => [index('machine_placements_host_idx').on(t.hostId, t.running)],
);

/** Machine seconds used per user and calendar month (UTC, 'YYYY-MM'); running time is added when it ends. */
export const vmUsage = pgTable(
  'vm_usage',
  {
    userId: uuid('user_id').notNull(),
    month: text('month').notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Computer-use tasks. decisions is the timeline (Decision[]); pending_confirmation is the sensitive action
 * waiting for a yes (PendingConfirmation), confirmation its answer; stop_requested is the founder's Stop. The
 * loop reads these each step, so a Stop or a yes given on another server process still reaches it.
 */
export const vmTasks = pgTable(
  'vm_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vmId: uuid('vm_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The work-engine task this ran for (coding / research agents), null when run from the VMs screen. */
    engineTaskId: uuid('engine_task_id'),
    description: text('description').notNull(),
    status: text('status', { enum: VM_TASK_STATUSES }).notNull(),
    message: text('message'),
    decisions: jsonb('decisions').$type<Decision[]>().notNull().default([]),
    screenshotId: uuid('screenshot_id'),
    pendingConfirmation: jsonb('pending_confirmation').$type<PendingConfirmation | null>(),
    confirmation: text('confirmation', { enum: ['approved', 'declined'] }),
    stopRequested: boolean('stop_requested').notNull().default(false),
    tokens: integer('tokens').notNull().default(0),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    endedAt: timestamp('ended_at', tz),
    /**
     * The process running a live task writes this every VMS.taskHeartbeatMs; a live task silent for
     * VMS.taskLostAfterMs lost its process and is failed by any other (null on rows from before: started_at counts).
     */
    heartbeatAt: timestamp('heartbeat_at', tz),
    /** The last step whose action finished: a step decided after it was in flight when its process died. */
    stepsDone: integer('steps_done').notNull().default(0),
    /** How many times another process took the task over after its own died (at most VMS.taskResumesMax). */
    resumes: integer('resumes').notNull().default(0),
  },
  (t) => [
    // vm_id ascending: the latest task per machine (DISTINCT ON vm_id) reads this forwards.
    index('vm_tasks_vm_idx').on(t.vmId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The confirmations a founder has yet to answer (approvals inbox).
    index('vm_tasks_user_status_idx').on(t.userId, t.status, t.startedAt.desc().nullsFirst()),
    check('vm_tasks_status', oneOf(t.status, VM_TASK_STATUSES)),
  ],
);
export type VmTaskRow = typeof vmTasks.$inferSelect;

/** Screenshots and live frames (JPEG), referenced by id from monitor events; pruned to VMS.keptScreenshots per VM. */
export const vmScreenshots = pgTable(
  'vm_screenshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vmId: uuid('vm_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** base64 JPEG (text keeps the driver path identical on PGlite and pg). */
    jpeg: text('jpeg').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('vm_screenshots_vm_idx').on(t.vmId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * The per-user request counters (http/rate-limits.ts): rate-limiter-flexible's RateLimiterDrizzle store, in the shape
 * it requires (`key` primary key, `points`, `expire`). One row per key: its requests in the window that started with
 * its first one, and when that window ends. Shared by every server process, so a per-user limit holds however many
 * processes serve the user. Ended windows are swept now and then.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  /** The window's end; null would mean never (no limit here has that). */
  expire: timestamp('expire', tz),
});
