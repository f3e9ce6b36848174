/** Every number of the spec lives here once; server, web and extension import it. */
import { formatCount } from './rules/numbers.ts';

/** Password rules (spec 1 §4, §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Redirect and timing constants in milliseconds (spec 1 §4, §9). */
export const TIMINGS = {
  loginSuccessRedirectMs: 1500,
  unconfirmedLoginRedirectMs: 2000,
  registerSuccessRedirectMs: 1500,
  tryAgainRedirectMs: 1000,
  toastAutoCloseMs: 5000,
  connectionsFetchDelayMs: 100,
  chunkLoadTimeoutMs: 120_000,
  dashboardTourDelayMs: 1000,
} as const;

/** Resend verification cooldown (spec 1 §4, §9): the button reads "Resend in Ns" meanwhile. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Local auth server defaults (spec 1 §9 "Authentication library defaults" and ARCHITECTURE.md). */
export const AUTH = {
  /** Access tokens live one hour; supabase-js refreshes them shortly before expiry. Never below 5 minutes. */
  accessTokenTtlSeconds: 3600,
  /**
   * The web app uses a stored access token without downloading its auth client while at least this long is left
   * (supabase's client refreshes 90 s before expiry; it is loaded in time to).
   */
  storedTokenMinLeftSeconds: 2 * 60,
  /** Minimum seconds between two confirmation or recovery emails to one address. */
  emailSendCooldownSeconds: RESEND_COOLDOWN_SECONDS,
  /** A dashboard → extension hand-off token (one use) stays valid this long. */
  handoffTtlSeconds: 5 * 60,
  /** One-time email links stay valid for 24 hours. */
  emailLinkTtlSeconds: 24 * 3600,
  /** Rate limits per window, keyed by IP and by email. */
  rateLimitWindowSeconds: 5 * 60,
  signInPerIp: 30,
  signInPerEmail: 10,
  signUpPerIp: 10,
  recoverPerIp: 10,
  resendPerIp: 10,
  /** Maximum JSON body accepted by /auth/v1 and /api (bytes). */
  maxJsonBodyBytes: 100_000,
  /** Deepest JSON nesting a body may have (Stripe's events need about 8); deeper is refused with 400. */
  maxJsonDepth: 64,
  /** Field length limits. */
  maxEmailLength: 254,
  maxPasswordLength: 72,
  maxNameLength: 100,
} as const;

/** Minimum length of a usable bearer token (spec 1 §5 "Connections token"). */
export const MIN_TOKEN_LENGTH = 11;

/** Local storage keys (spec 1 §3). */
export const STORAGE_KEYS = {
  theme: 'theme',
  onboardingCompleted: (userId: string) => `onboarding_completed_${userId}`,
  userProfile: (userId: string) => `user_profile_${userId}`,
  /** Where the guard remembers the page an anonymous user tried to open. */
  returnTo: 'cofounder.returnTo',
  /** Navigation state a page without a router hands to the next page it loads (web navigation.tsx). */
  navState: 'cofounder.navState',
  /** The product tour was finished or skipped by this user on this browser (spec 1 §2). */
  tourCompleted: (userId: string) => `tour_completed_${userId}`,
  /**
   * supabase-js keeps the session under `sb-<project>-auth-token` (its default storage key, from the auth URL's
   * first host label): any key of this form means a session may exist.
   */
  session: /^sb-.+-auth-token$/,
} as const;

/** Default ports (server API + web on PORT, the monitor socket on MONITOR_PORT). */
export const DEFAULT_PORT = 3000;
export const DEFAULT_MONITOR_PORT = 3001;

/** The free trial length, one constant for landing, pricing and terms (ARCHITECTURE.md resolves 7 vs 2 days). */
export const FREE_TRIAL_DAYS = 2;

/** Plan ids in rank order (spec 1 §3 usage details, ARCHITECTURE.md's plan table). */
export const PLAN_IDS = ['free_trial', 'starter', 'builder', 'scale'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** USD per month; yearly is the whole year's price (20% off). */
  monthlyPrice: number;
  yearlyPrice: number | null;
  /** Per calendar month; null means unlimited. */
  messagesPerMonth: number | null;
  tasksPerMonth: number | null;
  /** Phone integration and investor outreach (spec 2 §6). */
  builderFeatures: boolean;
  /** Voice minutes (transcribed audio and call time together) per calendar month; null means unlimited. */
  voiceMinutesPerMonth: number | null;
  /** Transcription requests per minute (a burst limit, separate from the monthly minutes). */
  transcriptionsPerMinute: number;
  /** AI computer control: machines a founder may hold (not terminated) at once, and running hours per month. */
  vmMachines: number;
  vmHoursPerMonth: number;
}

/** Every plan's price and limits, once. */
export const PLANS: Record<PlanId, PlanDefinition> = {
  free_trial: { id: 'free_trial', name: 'Free Trial', monthlyPrice: 0, yearlyPrice: null, messagesPerMonth: 100, tasksPerMonth: 10, builderFeatures: false, voiceMinutesPerMonth: 15, transcriptionsPerMinute: 5, vmMachines: 1, vmHoursPerMonth: 2 },
  starter: { id: 'starter', name: 'Starter', monthlyPrice: 29, yearlyPrice: 278, messagesPerMonth: 1000, tasksPerMonth: 60, builderFeatures: false, voiceMinutesPerMonth: 120, transcriptionsPerMinute: 10, vmMachines: 1, vmHoursPerMonth: 20 },
  builder: { id: 'builder', name: 'Builder', monthlyPrice: 79, yearlyPrice: 758, messagesPerMonth: 5000, tasksPerMonth: 300, builderFeatures: true, voiceMinutesPerMonth: 600, transcriptionsPerMinute: 20, vmMachines: 2, vmHoursPerMonth: 100 },
  scale: { id: 'scale', name: 'Scale', monthlyPrice: 199, yearlyPrice: 1910, messagesPerMonth: null, tasksPerMonth: null, builderFeatures: true, voiceMinutesPerMonth: null, transcriptionsPerMinute: 60, vmMachines: 3, vmHoursPerMonth: 300 },
};

/** Usage bar thresholds in percent (spec 1 §9): red ≥90 or warning, amber ≥75, green ≥50, else blue. */
export const USAGE_THRESHOLDS = { red: 90, amber: 75, green: 50 } as const;

/**
 * Per-user request budgets that hold across server processes (issue 13 §5; server/src/http/rate-limits.ts). Over
 * one, the call answers 429 with Retry-After. They damp runaway clients and scripts; the monthly plan limits are
 * the quota.
 */
export const RATE_LIMITS = {
  /** Chat messages (each is a model call). */
  chat: { max: 20, windowMs: 60_000 },
  /** Realtime call sessions minted (each is a paid client secret). */
  callSessions: { max: 6, windowMs: 60_000 },
  /** Texts through the local "Simulate a text" form (each is a model call). */
  smsSimulate: { max: 20, windowMs: 60_000 },
  /** Computer-use tasks started (each drives a machine and a model). */
  computerTasks: { max: 10, windowMs: 60_000 },
  /** Test connection and Save in Settings → Model (each may call an outside model server). */
  modelSettings: { max: 20, windowMs: 60_000 },
  /** Onboarding interview turns and its skip (each asks the model; a founder answers about 10 questions in minutes). */
  onboarding: { max: 20, windowMs: 60_000 },
  /** Generate tasks (each asks the model for a plan and queues up to TASK_ENGINE.generateCount new tasks). */
  taskPlans: { max: 5, windowMs: 60_000 },
  /**
   * Task runs a founder starts again by hand, one point per task: a task set back to pending, each task Retry failed
   * sends, an investor research task processed. Tasks the co-founder plans are bounded by the plan's own budget.
   */
  taskRuns: { max: 20, windowMs: 60_000 },
  /** Autonomy Start and Save Changes (each may start a check-in now, which asks the model for a plan). */
  autonomy: { max: 10, windowMs: 60_000 },
  texts: {
    chat: "You're sending messages faster than your co-founder can answer. Please wait a moment and try again.",
    callSessions: 'Too many calls started in a minute. Please wait a moment and try again.',
    smsSimulate: 'Too many texts in a minute. Please wait a moment and try again.',
    computerTasks: 'Too many tasks started in a minute. Please wait a moment and try again.',
    modelSettings: 'Too many connection tests in a minute. Please wait a moment and try again.',
    onboarding: "You're answering faster than your co-founder can keep up. Please wait a moment and try again.",
    taskPlans: 'Too many task plans in a minute. Please wait a moment and try again.',
    taskRuns: 'Too many tasks sent to run in a minute. Please wait a moment and try again.',
    autonomy: 'Too many autonomy changes in a minute. Please wait a moment and try again.',
  },
} as const;

/** Chat numbers (spec 1 §5, §9). */
export const CHAT = {
  /** The composer grows up to this height in px. */
  textareaMaxHeightPx: 120,
  /** Messages further apart than this show a time stamp. */
  timestampGapMs: 5 * 60 * 1000,
  /** Longest message accepted; longer ones get 413. */
  maxMessageChars: 10_000,
  /** From this share of its limit a message box shows its count (9,000 of the chat's 10,000). */
  lengthCounterFromShare: 0.9,
  /** Messages per history page (newest first, more on scroll). */
  pageSize: 50,
  /** The failure reply appears after this delay (spec 1 §4 "Chat send"). */
  failureReplyDelayMs: 1000,
  /** After a 401 the chat goes to /login after this delay. */
  unauthorizedRedirectMs: 2000,
  /**
   * The co-founder's one default name (issue 25): the settings' default (spec 2 §3), so the chat header, the first
   * message, Settings, the side panel and the phone greeting all say it. Spec 1 §2's "Your AI Intern" reads wrong in
   * the sentences the name goes into ("I'm Your AI Intern"), so the name is spec 2's.
   */
  defaultInternName: 'AI Intern',
} as const;

/** A message box's texts near and over its limit (`max`): a long paste is kept whole, never cut silently. */
export const CHAT_LENGTH_TEXT = {
  count: (chars: number, max: number = CHAT.maxMessageChars) =>
    `${formatCount(chars)} / ${formatCount(max)} characters`,
  tooLong: (over: number, max: number = CHAT.maxMessageChars) =>
    `Too long to send: a message can have up to ${formatCount(max)} characters. ` +
    `Remove ${formatCount(over)} to send it.`,
} as const;

/**
 * One vocabulary on the web and in the extension (issue 25): "Local mode" only ever means the server runs as
 * someone's own install (local providers); the "offline co-founder" only ever the built-in answerer with no language
 * model; "Online" only a model answering the chat. Zod-free, so the extension's popup may show them.
 */
export const MODE_TEXT = {
  localMode: 'Local mode',
  connectedTo: (host: string) => `Connected to ${host}`,
  online: 'Online',
  typing: 'Typing...',
  offlineCofounder: 'Offline co-founder',
  offlineCofounderNote:
    'Replies come from the built-in offline co-founder, which has no language model. Connect a model in Settings → Model for real answers.',
} as const;

/** How a chat message came in, or its reply went out, outside the app: by text (sms) or as a voicemail (phone). */
export const MESSAGE_VIA = ['sms', 'phone'] as const;
export type MessageVia = (typeof MESSAGE_VIA)[number];

/** Onboarding numbers (spec 1 §4, §9). */
export const ONBOARDING = {
  steps: 7,
  /** Step index of the AI conversation, where Back is hidden and "Skip & Start Working" lives. */
  conversationStep: 5,
  readyRedirectMs: 1500,
  skipRedirectMs: 2000,
  startBuildingRedirectMs: 3000,
  /** AI replies stay under this many words, one question at a time. */
  maxReplyWords: 20,
  /** Conversation progress labels and the message counts at which each starts. */
  progressLabels: [
    { label: 'Intro', fromMessages: 0 },
    { label: 'Product', fromMessages: 2 },
    { label: 'Challenges', fromMessages: 6 },
    { label: 'Action Plan', fromMessages: 10 },
  ],
  /** At this many messages the conversation counts as complete for the progress bar. */
  completeAtMessages: 11,
  /** Longest free-text answer (name, idea, chat turn). */
  maxTextChars: 2000,
} as const;

/** The product tour (spec 1 §2): six steps, shown after this delay on first dashboard visit. */
export const TOUR = { steps: 6, delayMs: TIMINGS.dashboardTourDelayMs } as const;

/** Task priorities 1-10 and their buckets (spec 2 §5). */
export const PRIORITY = { min: 1, max: 10, high: { min: 8, max: 10 }, medium: { min: 5, max: 7 }, low: { min: 1, max: 4 } } as const;

/** How long a copy button says "Copied" before returning to its label (spec 2 §9 "copy feedback 2 s"). */
export const COPY_FEEDBACK_MS = 2000;

/** Work screen and settings timings (spec 2 §9). */
export const WORK = {
  /** A cost that cannot be estimated: a founder's own model whose price is not in the list (issue 23). */
  unknownPriceText: 'unknown price',
  /** Recent activities shown on the Work screen. */
  recentActivities: 10,
  /** Compact activity previews are cut at this many characters. */
  compactPreviewChars: 80,
  /** Page size of the full activity history. */
  activityPageSize: 20,
  /** The Work screen polls while any task is pending or in progress. */
  livePollMs: 3000,
  successToastMs: 4000,
  saveBannerMs: 3000,
  /** Circumference of the success-rate ring (spec 2 §9). */
  successRingCircumference: 314,
} as const;

/** Task execution (issue 4): how many of one user's tasks run at once, and how often a task is tried. */
export const TASK_ENGINE = {
  perUserConcurrency: 2,
  attempts: 3,
  /** Seconds before a retry; pg-boss doubles it per attempt. */
  retryDelaySeconds: 10,
  /** A job not completed within this many seconds is handed to another worker. */
  expireSeconds: 300,
  /** Tasks a "generate" call proposes. */
  generateCount: 5,
  /**
   * A planned task is not stored when the same work is already open, or was added within this many days
   * whatever became of it (rules/task-dedupe.ts).
   */
  duplicateWindowDays: 30,
} as const;

/**
 * How often the queue's workers look for jobs (issue 27). A job queued to run now wakes them at once (NOTIFY), and
 * one queued for later wakes the process that queued it when it comes due, so polling is a slow backstop at idle.
 */
export const QUEUE_POLLING = {
  /** Seconds between fetches of an idle worker while NOTIFY reaches it: retries and expired leases wait ≤ this. */
  idleSeconds: 30,
  /** Seconds between fetches when NOTIFY cannot be listened to (pg-boss warns and falls back to this). */
  fallbackSeconds: 1,
  /** Jobs due within this many seconds get a wake-up timer in the process that queued them; later ones the idle poll finds. */
  wakeHorizonSeconds: 3600,
} as const;

/** Autonomy energy levels (spec 2 §9): productivity value → name, tasks a day, most tasks one check-in adds. */
export const ENERGY_LEVELS = [
  { productivity: 5, name: 'Light Touch', tasksPerDay: '1-2', maxPerGeneration: 2 },
  { productivity: 10, name: 'Steady Pace', tasksPerDay: '3-5', maxPerGeneration: 5 },
  { productivity: 20, name: 'High Energy', tasksPerDay: '6-8', maxPerGeneration: 8 },
  { productivity: 30, name: 'Sprint Mode', tasksPerDay: '10+', maxPerGeneration: 12 },
] as const;

/** Autonomy defaults (spec 2 §3, §9). */
export const AUTONOMY = {
  defaultProductivity: 10,
  defaultIntervalHours: 4,
  priorityRange: { min: 5, max: 8 },
  focusAreas: ['marketing', 'investor_outreach', 'product_development', 'strategy'],
} as const;

/** Platform limits of a drafted post (X counts characters; Reddit's title limit is 300). */
export const POST_LIMITS = { tweetMaxChars: 280, redditTitleMaxChars: 300, redditBodyMaxChars: 4000 } as const;

/**
 * Starting an X or Reddit connection. The connect window's URL carries a single-use code (`codeBytes` random
 * bytes, base64url) that the client got from an authenticated POST, never the bearer token (ASVS 14.2.1): a URL
 * ends up in history, logs and Referer headers. `codeTtlSeconds` is enough to open a window and no more.
 */
export const SOCIAL_CONNECT = { codeTtlSeconds: 60, codeBytes: 32 } as const;

/** The outcome an activity records for a post: drafted, out on the platform, or failed to go out. */
export const ACTIVITY_OUTCOMES = { drafted: 'Ready to publish', published: 'Published', failedPrefix: 'Failed: ' } as const;

/**
 * Publishing approved posts (a queue job per post). Per founder and platform at most `posts` go out in any
 * `windowSeconds` (X's user posting cap; Reddit's pace for young accounts); a post over the cap waits for the
 * window. A provider's 429 waits for the reset it names; network and 5xx failures back off exponentially from
 * `retryDelaySeconds` and give up after `attempts`.
 */
export const PUBLISHING = {
  rateLimits: {
    twitter: { posts: 17, windowSeconds: 24 * 60 * 60 },
    reddit: { posts: 6, windowSeconds: 60 * 60 },
  },
  attempts: 5,
  retryDelaySeconds: 30,
  /** Longest wait a provider's rate-limit answer may ask for before the post is failed instead. */
  maxRateLimitWaitSeconds: 24 * 60 * 60,
} as const;

/** Voice-to-text and realtime calls (spec 1 §5, §8, §9). */
export const VOICE = {
  /** Longest recording; it stops by itself here. */
  maxRecordingSeconds: 600,
  /** The "1 minute remaining" warning. */
  warningAtSeconds: 540,
  /** Largest audio upload, enforced while the upload streams in. */
  maxUploadBytes: 26_214_400,
  transcriptionModel: 'whisper-1',
  /** What the recorder asks MediaRecorder for (webm/opus) and the capture rate it asks the microphone for. */
  recordingMimeType: 'audio/webm;codecs=opus',
  recordingSampleRate: 16_000,
  /** Opus bitrate the recorder asks for; also how the server estimates an upload's duration from its size. */
  recordingBitsPerSecond: 32_000,
  /** Realtime call audio rate, the provider's model and voice, and how long a minted client secret lives. */
  callSampleRate: 24_000,
  realtimeModel: 'gpt-realtime',
  realtimeVoice: 'marin',
  clientSecretTtlSeconds: 600,
  /** Longest single call, whatever minutes are left (a forgotten open call costs at most this much). */
  maxCallSeconds: 1800,
  /** A call without a cleanup is considered over this long after its allowed time (crashed tab). */
  staleCallGraceSeconds: 60,
  /** The name the call screen gives the realtime provider in "{provider} connection failed: {status}". */
  realtimeProviderName: 'OpenAI Realtime',
} as const;

/**
 * Voice on this machine when no speech provider is configured: pocketsphinx transcribes, flite speaks (Debian
 * packages, found on PATH at start-up). Recordings reach it as 16 kHz mono 16-bit PCM WAV (the browser converts).
 */
export const LOCAL_VOICE = {
  /** The rate pocketsphinx's en-us model was trained on; uploads are resampled to it. */
  sampleRate: 16_000,
  /** Recognisers running at once (each ~100 MB and a core); the rest wait in line. */
  maxConcurrent: 2,
  /** A voice-note recogniser stays loaded this long after its last note (the next one skips the model load). */
  warmForMs: 5 * 60_000,
  /** One recognition or synthesis may take this long before it is killed. */
  timeoutMs: 60_000,
  /** The flite voice the co-founder speaks with on a local call. */
  ttsVoice: 'slt',
  /** Named in the start-up banner, the status answer and the call screen. */
  providerName: 'pocketsphinx + flite',
  /** Whole recordings (voice notes, voicemail), call turns as they are spoken, and speech. */
  binaries: { recognizer: 'pocketsphinx_batch', liveRecognizer: 'pocketsphinx_continuous', synthesizer: 'flite' },
  /** The one command that installs what is missing, per platform. */
  installCommand: {
    linux: 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us flite',
    darwin: 'brew install cmu-pocketsphinx flite',
  },
  /** Local call: voice-activity detection over 20 ms frames of the microphone stream. */
  call: {
    frameMs: 20,
    /** A turn ends after this much silence following speech. */
    endOfTurnSilenceMs: 700,
    /** Shorter bursts of sound (a cough, a click) are not a turn. */
    minSpeechMs: 250,
    /** Longest single turn; it is cut and answered here. */
    maxTurnSeconds: 30,
  },
} as const;

/**
 * The browser extension's identity. The manifest carries `publicKey`, so Chrome gives every build (unpacked or
 * packed) the same id, which the dashboard needs to message it; `id` is derived from the key (a test checks it).
 */
export const EXTENSION = {
  publicKey:
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAnrNwuHF4oqjlpKasys7ESAWOyNz8y1uMVFVS1XhWQMn6AhHDPealAep15mJENfAufpDU8Vgbiu8EKW7WqM2fPOAgMbTlc/S+Lqv6LbEOwTfOmnh5V/YSOrfbTRTM6MwOyf2Ft6zf1U4Uw6o3oIKXm+6G3v4aQTAc7Ti5APeNAIH9y8VdQqVpr7Fc5+DREl6842ylTYiGlppcXxw4NyU+V486iSdt3n4zyQpgLw++z/gsLBIhCop1Im/pBxtKJfwiyjJcfpr7NNHuzXG0YPHPNn9Wm7KJWLqZpAtD+XmcCgf3/dd+iMzZs93iTvPFLrgs+hHds5cuc3JHOiYdHwXlwwIDAQAB',
  id: 'oiaihdkfncplbdefdpangalbpkioiagh',
} as const;

/** Paid plans in rank order (spec 1 §4 "Checkout plan choice": starter 1, builder 2, scale 3). */
export const PAID_PLAN_IDS = ['starter', 'builder', 'scale'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const PLAN_RANK: Record<PaidPlanId, number> = { starter: 1, builder: 2, scale: 3 };

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
/** Provider subscription states the product keeps (spec 2 §4: free has none; active; canceled). */
export const SUBSCRIPTION_STATES = ['active', 'canceled', 'past_due', 'incomplete'] as const;
export type SubscriptionStateId = (typeof SUBSCRIPTION_STATES)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Billing numbers and texts (spec 1 §2, §4, §8, §9; spec 2 §2, §8, §9). */
export const BILLING = {
  /** Annual billing is advertised as this saving (the yearly prices in PLANS are 20% off). */
  yearlySavingPercent: 20,
  /** Payment History shows this many invoices before "View Full History". */
  historyPreview: 5,
  /** The Change Plan modal closes this long after a success (spec 2 §9). */
  changePlanCloseMs: 1000,
  /** "Try Again" on /subscription/failed goes to /pricing after this delay (spec 1 §9). */
  tryAgainRedirectMs: 1000,
  /** Success toast on the subscription tab (spec 2 §9). */
  successToastMs: 4000,
  /** A local checkout session nobody paid or declined expires after this long (Stripe's default is 24 h). */
  localCheckoutTtlMs: 24 * 60 * 60 * 1000,
  /** A checkout session id that is unknown, or another account's (the two answer alike). */
  sessionNotFoundText: 'Checkout session not found',
  /** Failure values /subscription/failed knows (spec 1 §2); payment_failed is the default. */
  failureReasons: ['payment_failed', 'card_declined', 'authentication_required', 'session_expired'] as const,
  /** Spec 1 §8 "Pricing": an unknown plan. */
  invalidPlanText: 'Invalid plan selected. Please try again.',
  /** Spec 1 §4: the same plan and interval again. */
  alreadySubscribedText: 'You are already subscribed to this plan.',
  /** Sending or generating after the trial ended without a plan (402). */
  trialEndedText: 'Your free trial has ended. Upgrade your plan to continue.',
  /** Settings' button that takes back a scheduled downgrade (issue 25). */
  undoChangeLabel: 'Undo Plan Change',
  /** The answer once a scheduled downgrade is taken back. */
  changeUndoneText: (current: string, target: string) =>
    `Your ${current} plan stays: the change to ${target} is undone.`,
  /** Settings, while a cancellation has put a scheduled downgrade aside (Reactivate restores it). */
  changeOnHoldText: (target: string, interval: string) =>
    `Your scheduled change to ${target} (${interval}) is on hold while the plan is set to cancel. Reactivate restores it.`,
  /** Where Manage Billing goes without a Stripe key: the web app's local portal (a /dev page: this machine only). */
  localPortalPath: '/dev/billing',
  /** The local billing portal says plainly what it is (the Manage Billing page without a Stripe key). */
  localPortalTitle: 'Local billing portal',
  localPortalNotice:
    'This is the local billing portal: no Stripe key is set, so nothing is charged and no card is kept. Invoices, plan changes and cancellation here change this machine’s database only.',
} as const;
export type CheckoutFailureReason = (typeof BILLING.failureReasons)[number];

/** Features that need a plan (spec 2 §2 "Restricted-feature page", §6 "Plan gating"). */
export const GATED_FEATURES = {
  phone: {
    name: 'Phone Integration',
    requiredPlan: 'builder',
    /** API path prefixes the gate covers (every endpoint of the feature, now and later). */
    apiPrefixes: ['/api/sms'],
    features: [
      'Text your co-founder from your phone',
      'Call your co-founder any time',
      'Get updates on your tasks by SMS',
    ],
  },
  investorOutreach: {
    name: 'Investor Outreach',
    requiredPlan: 'builder',
    apiPrefixes: ['/api/investor-outreach', '/api/agents/investor-outreach'],
    features: [
      'Research investors that fit your startup',
      'Verified investor cards with contact details',
      'Personalised emails drafted for your approval',
    ],
  },
} as const satisfies Record<string, { name: string; requiredPlan: PaidPlanId; apiPrefixes: readonly string[]; features: readonly string[] }>;
export type GatedFeature = keyof typeof GATED_FEATURES;

/** The contact form (spec 1 §2 "Contact page", §5, §7, §8). */
export const CONTACT = {
  subjects: ['General Inquiry', 'Product Demo', 'Partnership', 'Technical Support', 'Billing', 'Other'] as const,
  maxLength: { name: 100, email: 254, company: 100, message: 5000 },
  /** Posts per IP address per window; more answer 429. */
  rateLimit: { max: 5, windowMs: 60_000 },
  /** Hours within which the team answers (the page's promise). */
  responseHours: 24,
  successText: "Thank you for your message! We'll get back to you within 24 hours.",
  networkErrorText: 'Network error. Please check your connection and try again.',
  /** The hidden field bots fill in and people never see; a filled one is accepted and dropped. */
  honeypotField: 'website',
} as const;

/** Legal pages (spec 1 §2 "Legal pages"). */
export const LEGAL = {
  lastUpdated: 'January 8, 2025',
  privacyMinimumAge: 13,
  termsMinimumAge: 18,
  /** The liability cap: what the user paid in this many months. */
  liabilityCapMonths: 12,
} as const;

/** Investor statuses (spec 2 §3 default new; §4 filter values new, contacted, responded, meeting). */
export const INVESTOR_STATUSES = ['new', 'contacted', 'responded', 'meeting'] as const;
export type InvestorStatus = (typeof INVESTOR_STATUSES)[number];

/** Investor outreach numbers and texts (spec 2 §2, §3, §7, §9). */
export const INVESTORS = {
  statusLabels: { new: 'New', contacted: 'Contacted', responded: 'Responded', meeting: 'Meeting Scheduled' } as Record<
    InvestorStatus,
    string
  >,
  /** Investors per page; the API refuses more (spec 2 §9). */
  pageSize: 50,
  /** The page refreshes its data this often (spec 2 §7). */
  refreshMs: 30_000,
  /** After AI Research: poll every 30 s, at most 20 times, and stop after 2 minutes (spec 2 §7). */
  researchPoll: { intervalMs: 30_000, maxPolls: 20, maxMs: 120_000 },
  /** An avatar that has not loaded by then shows the initials (spec 2 §9). */
  avatarTimeoutMs: 10_000,
  /** Portfolio companies shown on a card before "+N more" (spec 2 §9). */
  portfolioPreview: 4,
  /** Characters of an email body in the approvals list (spec 2 §9). */
  emailPreviewChars: 200,
  /** The priority of the research task the page creates (spec 2 §7). */
  researchTaskPriority: 9,
  /** Verification points (spec 2 §3): ≥ verified is "Verified", ≥ partial "Partial Info", else "Basic Info". */
  verificationPoints: { email: 1, linkedin: 2, firm: 1, portfolio: 1, thesisOrFocus: 1 },
  verificationLevels: { verified: 5, partial: 3 },
  /** Investors one research run adds at most. */
  researchBatch: 12,
  /**
   * Fit to the founder (issue 22 §6): each criterion multiplies the score (out of 100), so one clear mismatch
   * (industry, stage, a region the fund keeps to, cheques above the raise) sinks it below the threshold. Research
   * keeps and drafts to nobody below it.
   */
  match: {
    threshold: 50,
    industry: { fits: 1, generalist: 0.7, miss: 0.2 },
    stage: { fits: 1, unknown: 0.8, miss: 0.3 },
    geo: { fits: 1, unknown: 0.85, elsewhere: 0.6, outsideRegion: 0.3 },
    check: { fits: 1, unknown: 0.9, tooLarge: 0.45 },
  },
  /** The investor research task of a founder below Builder pauses with this (spec 2 §6 plan gating). */
  planPauseReason: `${GATED_FEATURES.investorOutreach.name} needs the ${PLANS[GATED_FEATURES.investorOutreach.requiredPlan].name} plan — upgrade to run this task`,
  /** Avatar proxy: https only, these hosts only, no redirects elsewhere, bounded size and time, cached. */
  avatar: {
    hosts: ['media.licdn.com', 'media-exp1.licdn.com', 'media-exp2.licdn.com', 'static.licdn.com'],
    maxBytes: 1_000_000,
    timeoutMs: 5_000,
    cacheMs: 24 * 60 * 60 * 1000,
  },
} as const;

/** Phone integration numbers and texts (spec 2 §2, §3, §7, §8, §9; issue 11). */
export const SMS = {
  /** Verification codes have this many digits and last this long; one active code per user. */
  codeDigits: 6,
  codeTtlMs: 15 * 60 * 1000,
  /** Codes a user may generate per window (then 429). */
  codeRateLimit: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Inbound texts one number may send per window before the webhook stops acting on them. */
  inboundRateLimit: { max: 20, windowMs: 60 * 1000 },
  /** The phone page polls the status this often until verified (spec 2 §9). */
  pollMs: 5000,
  /** "Copied!" feedback after copying the code (spec 2 §9). */
  copyFeedbackMs: 2000,
  /** An inbound text longer than this is cut (a carrier concatenates at most ~10 segments). */
  maxInboundChars: 1600,
  /** A reply is split into segments of at most this many characters, and at most this many segments. */
  segmentChars: 153,
  maxSegments: 10,
  /** Recent messages shown in the SMS thread. */
  threadSize: 20,
  /** Carrier keywords (case-insensitive, the whole text). */
  stopKeywords: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  startKeywords: ['START', 'YES', 'UNSTOP'],
  helpKeywords: ['HELP', 'INFO'],
  texts: {
    statusFailed: 'Failed to load SMS status',
    generateFailed: 'Failed to generate code',
    verified: 'Your phone number is verified. Text your co-founder any time.',
    optedOut: 'You have been unsubscribed and will receive no more messages. Reply START to resubscribe.',
    optedIn: 'You are subscribed again. Text your co-founder any time. Reply STOP to unsubscribe.',
    help: 'Cofounder: text your AI co-founder here. Msg & data rates may apply. Reply STOP to unsubscribe.',
    unknownNumber:
      'This number is not connected to a Cofounder account. Text the 6-digit code from your Phone Integration page to connect it.',
    wrongCode: 'That code is not valid or has expired. Generate a new one on your Phone Integration page.',
    numberTaken: 'This number is already connected to another Cofounder account.',
    callGreeting: (internName: string) =>
      `Hi, this is ${internName}, your AI co-founder. Leave a message after the tone and I will get to work on it.`,
    callUnknown: 'This number is not connected to a Cofounder account. Goodbye.',
  },
} as const;

/** Virtual machine states (spec 2 §3 "VM", §4). */
export const VM_STATUSES = ['RUNNING', 'SUSPENDED', 'STOPPED', 'TERMINATED'] as const;
/**
 * Why a machine is STOPPED when the founder did not stop it: its browser host stopped answering (VMS.texts.hostLost),
 * or the server process that ran it restarted (VMS.texts.restarted). Cleared by the founder's next action on it.
 */
export const VM_STOP_REASONS = ['host_lost', 'restarted'] as const;

/** What a computer-use step can do (spec 2 §3 "Decision"; issue 12). `done` ends the task. */
export const COMPUTER_ACTIONS = ['click', 'double_click', 'type', 'key', 'scroll', 'navigate', 'wait', 'screenshot', 'done'] as const;

/** Spec 2 §8's text for a machine task that did not run; a task that did not do what was asked says it first. */
const RUN_FAILED = 'Failed to run task.';

/** AI computer control (spec 1 §4, §7-§9; spec 2 §2-§9 VMs; issue 12): every number and text, once. */
export const VMS = {
  /** The machine list is polled this often (spec 2 §7, §9). */
  pollMs: 10_000,
  /** After a launch the list is refreshed after this delay (spec 2 §7). */
  refreshAfterLaunchMs: 5000,
  /** The launch modal polls GET /api/vms/{id}/vnc this often, and gives up after this many failures (spec 1 §9). */
  vncPollMs: 4000,
  vncMaxFailures: 30,
  /** noVNC's port on cloud machine images (spec 2 §9). */
  vncPort: 6080,
  /** The live monitor socket's path on MONITOR_PORT (spec 2 §7). */
  monitorPath: '/computer-use-monitor',
  /** The monitor socket reconnects after this delay, doubling up to the maximum. */
  monitorReconnectMs: { first: 1000, max: 30_000 },
  /** The live monitor overlay keeps this many screenshots and decisions (spec 2 §9). */
  monitorScreenshots: 6,
  monitorDecisions: 5,
  /** Every local machine's fixed screen. */
  viewport: { width: 1280, height: 800 },
  /**
   * Browser hosts (`npm run machine-host`, issue 28): each heartbeats this often; one silent for lostAfterMs is lost.
   * A host runs at most defaultCapacity machines unless told otherwise, and listens on defaultPort.
   */
  hosts: { heartbeatMs: 5000, lostAfterMs: 20_000, defaultCapacity: 4, defaultPort: 3400 },
  /**
   * A computer-use task's process marks it alive this often; one silent for taskLostAfterMs (its process died) is
   * taken over by another process's sweep, which runs every taskHeartbeatMs, at most taskResumesMax times (a hosted
   * machine's task that can go on without repeating an action), or else failed.
   */
  taskHeartbeatMs: 5000,
  taskLostAfterMs: 30_000,
  taskResumesMax: 2,
  /** A computer-use task ends after this many steps or this long, whichever comes first. */
  maxSteps: 25,
  taskTimeLimitMs: 4 * 60_000,
  /** A wait step lasts at most this long (a step should not stall a task); without a length, waitMs. */
  maxWaitMs: 5000,
  waitMs: 1000,
  /** Longest task description accepted. */
  maxTaskChars: 2000,
  /** Machine names. */
  maxNameChars: 40,
  /** A sensitive action waits this long for the founder's yes, then the task stops. */
  confirmTimeoutMs: 2 * 60_000,
  /** The live view token (GET /api/vms/{id}/vnc) is good for this long. */
  viewTokenTtlMs: 60_000,
  /** While someone watches a machine, its screen streams at most this many frames a second. */
  liveFramesPerSecond: 2,
  /** A watch lapses unless renewed within this time (the overlay renews it while open). */
  liveWatchTtlMs: 30_000,
  /** Screenshots kept per machine (older ones are pruned). */
  keptScreenshots: 12,
  /**
   * Slots of a server's machine cap (VM_MAX_LOCAL_MACHINES) no one founder can take: one founder's machines never
   * fill the server for everyone else (rules/vms.ts liveMachineLimit).
   */
  reservedServerSlots: 1,
  /** A server already running its cap of machines answers 503 with this Retry-After. */
  serverBusyRetryAfterSeconds: 60,
  /**
   * Take control (issue 28 §4): the founder drives the machine from the live view while the AI waits. Inputs beyond
   * inputsPerSecond (per socket) are dropped with a note; one typed burst carries at most maxTypedChars.
   */
  control: { inputsPerSecond: 20, maxTypedChars: 500, maxKeysChars: 40, maxScrollPx: 3200 },
  texts: {
    title: 'AI Computer Control Center',
    emptyTask: 'Please enter a task description.',
    deleteConfirm: 'Are you sure you want to permanently delete this VM? This action cannot be undone.',
    launchFailed: 'Failed to launch VM',
    suspendFailed: 'Failed to suspend VM',
    stopFailed: 'Failed to stop VM',
    resumeFailed: 'Failed to resume VM',
    startFailed: 'Failed to start VM',
    terminateFailed: 'Failed to terminate VM',
    runFailed: RUN_FAILED,
    vncTimedOut: 'Timed out waiting for VNC',
    vncUnavailable: 'VNC not available',
    /** The screenshot alert: 'Failed to take screenshot: {msg}'. */
    screenshotFailed: (msg: string) => `Failed to take screenshot: ${msg}`,
    machineLimit: (n: number) =>
      `Your plan allows ${n} machine${n === 1 ? '' : 's'}. Delete one or upgrade your plan to launch another.`,
    /** The per-founder quota of live machines (running or suspended), rules/vms.ts liveMachineLimit. */
    liveLimit: (n: number) =>
      `You can have ${n} machine${n === 1 ? '' : 's'} running or suspended at once. Stop or delete one first.`,
    serverBusy: 'This server is running as many machines as it can. Try again in a minute.',
    /** Machines on browser hosts (issue 28): every healthy host is full, or none is running. */
    fleetFull: 'No machine host has room for another machine right now. Try again in a minute.',
    /** A hosted machine whose host stopped heartbeating (VMS.hosts.lostAfterMs): stopped; its card offers Relaunch. */
    hostLost:
      "The machine's host stopped answering, so the machine was stopped. Relaunch it to start it afresh on another host (its saved browser data stays on the lost one).",
    /** A computer-use task whose server process died (VMS.taskLostAfterMs without a heartbeat). */
    runnerLost: 'The server process running this task stopped, so the task ended. Run it again.',
    /** The same, in the middle of a click, typing or key press, which running again could do twice. */
    runnerLostMidAction: (action: string) =>
      `The server process running this task stopped during a ${action.replace('_', '-')}, which could have happened or not, so the task ended rather than risk doing it twice. Run it again.`,
    /**
     * The task panel when its run request lost the server (no answer, or a gateway's bare 5xx) while the monitor
     * still shows the task running: it may be taken over by another process.
     */
    runnerContactLost:
      'The connection to the server running this task was lost. If another server takes the task over, its steps keep showing here; if not, it ends within a minute.',
    /** The timeline's status line when another server process takes over a task whose process stopped. */
    taskResumed: (stepsDone: number) =>
      `The server process running this task stopped; another one took it over after step ${stepsDone}.`,
    /** What the AI reads on the first step of a task taken over by another process: what was done already. */
    resumedNote: (done: string[]) =>
      `This task was interrupted and is resumed on the same machine.${done.length ? ` Already done: ${done.join('; ')}.` : ' Nothing was done yet.'} ` +
      'Do not repeat these steps; continue the task from the screen as it is now.',
    /** A call to a machine's host that got no answer. */
    hostUnreachable: "The machine's host is not answering. Try again in a minute.",
    hoursUsed: (h: number) => `You have used this month's ${h} hours of machine time. Upgrade your plan for more.`,
    notRunning: 'Start the machine first.',
    busy: 'This machine is already running a task.',
    unavailable: 'Computer control is not available on this server.',
    notFound: 'VM not found',
    otherProcess: 'This machine runs on another server process.',
    viewNotReady: "The machine's view is not ready yet.",
    restarted: 'The server restarted, so the machine was stopped.',
    noTaskRunning: 'No task is running on this machine.',
    confirmationGone: 'This confirmation is no longer waiting for an answer.',
    /**
     * A task that ended without carrying out every step (a refused address, a missing element, an instruction
     * the planner cannot follow, a model that gave up): Failed, then why.
     */
    notDone: (reason: string) => {
      const why = reason.trim();
      return why ? `${RUN_FAILED} ${/[.!?…]$/.test(why) ? why : `${why}.`}` : RUN_FAILED;
    },
    /** How a computer-use task ended when it did not finish by itself: Failed, then why. */
    stepLimit: (n: number) => `${RUN_FAILED} Stopped after ${n} steps without finishing.`,
    timeLimit: (minutes: number) => `${RUN_FAILED} Stopped after ${minutes} minutes without finishing.`,
    stoppedByUser: 'Stopped by you.',
    declined: (reason: string) => `You declined: ${reason}. Nothing was submitted.`,
    confirmTimedOut: 'No answer to the confirmation in time; nothing was submitted.',
    awaitingConfirmation: (reason: string) => `Waiting for your confirmation: ${reason}`,
    takeControl: 'Take control',
    handBack: 'Hand back',
    /** The status line while the founder drives: the AI waits for the machine back. */
    founderInControl: 'You have control. The AI is paused until you hand back.',
    founderInControlIdle: 'You have control of this machine.',
    controlHint: 'Click, scroll and type on the screen; they go to the machine.',
    controlTooFast: 'Too many inputs at once: some were not sent to the machine.',
    controlNotHere: 'This machine cannot be controlled from here right now.',
    /** The timeline's note on an action the model chose just before the founder took the machine over. */
    founderTookOver: 'Not carried out: the founder took control of the machine first.',
    /** What the AI reads on the step after the founder handed back (never the text they typed). */
    founderNote: (did: string[]) =>
      `The founder took control of the machine${did.length ? ` and ${did.join(', ')}` : ' and did nothing'}. ` +
      'Continue the task from the screen as it is now.',
  },
} as const;

/** The theme selector's choices in its order (spec 1 §2: "dark, light and system"); system follows the OS live. */
export const THEME_CHOICES = [
  { value: 'dark', label: 'Dark theme' },
  { value: 'light', label: 'Light theme' },
  { value: 'system', label: 'System theme' },
] as const;

/** Under the landing page's testimonials: no real customer has given a quote yet, so the cards say so (issue 25). */
export const TESTIMONIALS_NOTE =
  'Illustrative examples: these founders and quotes are invented to show what an AI intern can do. They are not real customers.';

/** The first Tab stop of every web page (issue 26): it jumps past the header and navigation to the main content. */
export const SKIP_LINK_TEXT = 'Skip to content';
