import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { AUTH, DEFAULT_MONITOR_PORT, DEFAULT_PORT } from '@cofounder/shared';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR } from './paths.ts';

/** OpenAI's model for the computer_use_preview tool. */
export const DEFAULT_COMPUTER_MODEL = 'computer-use-preview';

/** Thrown for a bad environment variable; the message names the variable so main can print it as is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Per-window request limits of the local auth server; Infinity when AUTH_RATE_LIMITS=false. */
export interface AuthLimits {
  windowSeconds: number;
  signInPerIp: number;
  signInPerEmail: number;
  signUpPerIp: number;
  recoverPerIp: number;
  resendPerIp: number;
  verifyPerIp: number;
}

export interface Config {
  port: number;
  monitorPort: number;
  /** Bind address: HOST, else 127.0.0.1 while any local convenience runs (localConveniences), else 0.0.0.0. */
  host: string;
  /** The local conveniences this server runs (dev mailbox, local checkout, SMS simulator): this machine only. */
  localConveniences: string[];
  /** Absolute. Holds the PGlite database, its lock file and the generated auth secret. */
  dataDir: string;
  /** null: embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** Dashboard origin (no trailing slash): email links, JWT issuer, redirect allow-list. */
  publicUrl: string;
  webDistDir: string;
  logLevel: LogLevel;
  /**
   * Proxies you run in front of the server (TRUST_PROXY: a count, or true for one): the client IP is the
   * X-Forwarded-For entry that many hops from the right, the one your nearest proxy added. 0: the socket address.
   * Entries further left are whatever the client sent, so they are never trusted.
   */
  trustProxy: number;
  /** USER_RATE_LIMITS: the per-user budgets of RATE_LIMITS (off only for load and end-to-end runs from one client). */
  userRateLimits: boolean;
  corsOrigins: string[];
  /**
   * ALLOWED_HOSTS: further names (lower case) a local-mode server answers to besides localhost, IP addresses and
   * PUBLIC_URL's host; a leading dot names a domain and its subdomains. See http/allowed-hosts.ts.
   */
  allowedHosts: string[];
  auth: {
    /** HS256 secret of the local auth server; null until main loads or generates it in dataDir. */
    jwtSecret: string | null;
    signupDisabled: boolean;
    limits: AuthLimits;
    bcryptCost: number;
  };
  /** Hosted Supabase Auth; null means the local /auth/v1. */
  supabase: { url: string; anonKey: string; jwtSecret: string | null } | null;
  email: { smtpUrl: string | null; from: string };
  /** Where contact-form messages are mailed (CONTACT_TO). */
  contact: { to: string };
  /** OpenAI-compatible model; apiKey null means the offline co-founder. */
  ai: {
    apiKey: string | null;
    model: string;
    baseUrl: string | null;
    timeoutMs: number;
    /** OPENAI_FIRST_TOKEN_TIMEOUT_MS: a streamed reply whose first text takes longer is given up on. */
    firstTokenTimeoutMs: number;
    maxRetries: number;
    /**
     * AI_WEB_SEARCH: research through the Responses API's web_search tool (investor research cites real pages).
     * Off by default: not every OpenAI-compatible server (Ollama, say) has the Responses API or the tool.
     */
    webSearch: boolean;
    /** OPENAI_RESEARCH_MODEL: the model web research runs on (one that supports web search); default the chat model. */
    researchModel: string;
    /** OPENAI_COMPUTER_MODEL: the model computer-use tasks run on (the computer_use_preview tool's model). */
    computerModel: string;
  };
  /**
   * Speech (transcription, realtime client secrets): separate from `ai` because a chat-only server (Ollama) has no
   * speech models. apiKey null means voice is unavailable.
   */
  voice: { apiKey: string | null; baseUrl: string | null; timeoutMs: number; maxRetries: number };
  /**
   * Billing: null means the local checkout (no card is charged). With a secret key, the Stripe SDK, pointed at
   * apiBase when set (a test fake). Price ids missing from `prices` are sent as price_data built from PLANS.
   */
  stripe: StripeConfig | null;
  /**
   * Phone (SMS and calls): null means local mode (no Twilio; the phone page simulates texts, replies land in the
   * outbox). Otherwise Twilio's REST API at apiBaseUrl, authenticated with the API key when set, else the auth token;
   * webhooks are always verified with the auth token.
   */
  twilio: TwilioConfig | null;
  /**
   * AI computer control (issue 12). Local machines are Chromium browsers on this server: chromiumPath is
   * VM_CHROMIUM_PATH or the first browser found (null: local machines are unavailable). allowHosts lists
   * host:port pairs a machine may open even though they are loopback/private (tests serve fixture pages so);
   * never set it in production.
   */
  vm: {
    chromiumPath: string | null;
    allowHosts: string[];
    /** Local machines this server runs at once, whoever owns them (each is a browser process). */
    maxLocalMachines: number;
    /**
     * VM_HOSTS=registered: machines run on the browser hosts registered in the shared Postgres (npm run
     * machine-host, issue 28) instead of in this process; null: local machines, or the CDP pool below.
     */
    hosts: 'registered' | null;
    /**
     * VM_HOSTS=capacity@ws://…,…: plain DevTools endpoints (a browserless pool, a Chromium started with
     * --remote-debugging-port) with the machines each may hold. Empty: none.
     */
    pool: CdpEndpoint[];
    /** Where this process's egress proxy listens for pool machines' browsers (VM_EGRESS_HOST; loopback by default). */
    egressHost: string;
    /** Where "search the web for …" goes (the query is appended, URL-encoded). */
    searchUrl: string;
  };
  /** Social connections: the token encryption key (null until main loads or generates it) and each platform's OAuth app. */
  social: {
    tokenKey: Buffer | null;
    twitter: SocialApp | null;
    reddit: SocialApp | null;
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  apiKeySid: string | null;
  apiKeySecret: string | null;
  phoneNumber: string;
  apiBaseUrl: string;
}

/** The intern's number in local mode (Twilio's magic test number: never a real phone). */
export const LOCAL_SMS_NUMBER = '+15005550006';

export interface StripeConfig {
  secretKey: string;
  /** Verifies webhook signatures; null: the webhook route refuses every event. */
  webhookSecret: string | null;
  /** STRIPE_API_BASE_URL parsed for the SDK's host/port/protocol options; null: api.stripe.com. */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** Configured price ids by plan and interval (absent: price_data from PLANS). */
  prices: Partial<Record<`${'starter' | 'builder' | 'scale'}_${'monthly' | 'yearly'}`, string>>;
}

/** One platform's OAuth app; null in Config.social when its client id and secret are not both set. */
export interface SocialApp {
  clientId: string;
  clientSecret: string;
  /** The browser-facing authorize page. */
  authorizeUrl: string;
  /** X: token, revoke, users/me and tweets. Reddit: the OAuth API (me, submit). */
  apiBaseUrl: string;
  /** Reddit only: where access_token and revoke_token live (X uses apiBaseUrl). */
  authBaseUrl: string;
}

const Port = z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0).max(65535);
const Bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

const Env = z.object({
  PORT: Port.default(DEFAULT_PORT),
  MONITOR_PORT: Port.default(DEFAULT_MONITOR_PORT),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  PUBLIC_URL: HttpUrl.optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (['true', 'yes', 'on'].includes(v) ? 1 : ['false', 'no', 'off'].includes(v) ? 0 : Number(v)))
    .pipe(z.number({ error: 'must be true, false or a number of proxies' }).int().min(0).max(10)),
  CORS_ORIGINS: z.string().optional(),
  ALLOWED_HOSTS: z.string().optional(),
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMITS: Bool.default(true),
  USER_RATE_LIMITS: Bool.default(true),
  SIGNUP_DISABLED: Bool.default(false),
  SUPABASE_URL: HttpUrl.optional(),
  SUPABASE_ANON_KEY: z.string().min(20, 'looks too short for a Supabase key').optional(),
  SUPABASE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Cofounder <no-reply@localhost>'),
  CONTACT_TO: z.string().trim().pipe(z.email({ error: 'must be an email address' })).default('team@cofounder.local'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_BASE_URL: HttpUrl.optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').default(60_000),
  // Long enough for a local server to load its model on the first request; OPENAI_TIMEOUT_MS still bounds the rest.
  OPENAI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').default(30_000),
  OPENAI_MAX_RETRIES: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10).default(2),
  OPENAI_RESEARCH_MODEL: z.string().min(1).optional(),
  OPENAI_COMPUTER_MODEL: z.string().min(1).default(DEFAULT_COMPUTER_MODEL),
  AI_WEB_SEARCH: Bool.default(false),
  VOICE_OPENAI_API_KEY: z.string().min(1).optional(),
  VOICE_OPENAI_BASE_URL: HttpUrl.optional(),
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  X_AUTHORIZE_URL: HttpUrl.default('https://x.com/i/oauth2/authorize'),
  X_API_BASE_URL: HttpUrl.default('https://api.x.com'),
  REDDIT_CLIENT_ID: z.string().min(1).optional(),
  REDDIT_CLIENT_SECRET: z.string().min(1).optional(),
  REDDIT_AUTHORIZE_URL: HttpUrl.default('https://www.reddit.com/api/v1/authorize'),
  REDDIT_AUTH_BASE_URL: HttpUrl.default('https://www.reddit.com'),
  REDDIT_API_BASE_URL: HttpUrl.default('https://oauth.reddit.com'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_API_KEY_SID: z.string().regex(/^SK[0-9a-fA-F]{32}$/, 'must be SK followed by 32 hex digits').optional(),
  TWILIO_API_KEY_SECRET: z.string().min(1).optional(),
  TWILIO_PHONE_NUMBER: z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be an E.164 number, e.g. +14155550123').optional(),
  TWILIO_API_BASE_URL: HttpUrl.default('https://api.twilio.com'),
  VM_CHROMIUM_PATH: z.string().min(1).optional(),
  VM_ALLOW_HOSTS: z.string().optional(),
  VM_MAX_LOCAL_MACHINES: z.coerce.number().int().min(0).max(50).default(4),
  VM_HOSTS: z.string().optional(),
  VM_EGRESS_HOST: z.string().min(1).default('127.0.0.1'),
  VM_SEARCH_URL: HttpUrl.default('https://duckduckgo.com/html/?q='),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: HttpUrl.optional(),
  STRIPE_PRICE_STARTER_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER_YEARLY: z.string().min(1).optional(),
  STRIPE_PRICE_BUILDER_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_BUILDER_YEARLY: z.string().min(1).optional(),
  STRIPE_PRICE_SCALE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_SCALE_YEARLY: z.string().min(1).optional(),
});

/** Browsers a local machine can run, in order of preference (Debian, Ubuntu, Chrome). */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium(): string | null {
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** TOKEN_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64 (url-safe or not). */
export function parseTokenKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

const SECRET_VARS = new Set(['VM_HOSTS', 'TOKEN_ENCRYPTION_KEY', 'X_CLIENT_SECRET', 'REDDIT_CLIENT_SECRET', 'AUTH_JWT_SECRET', 'SUPABASE_ANON_KEY', 'SUPABASE_JWT_SECRET', 'SMTP_URL', 'DATABASE_URL', 'OPENAI_API_KEY', 'VOICE_OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'TWILIO_AUTH_TOKEN', 'TWILIO_API_KEY_SECRET']);

function fail(name: string, problem: string, value?: string): never {
  const shown = value !== undefined && !SECRET_VARS.has(name) ? ` (got "${value}")` : '';
  throw new ConfigError(`Invalid ${name}: ${problem}${shown}`);
}

function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        const origin = new URL(s).origin;
        if (origin === 'null') throw new Error('no origin');
        return origin;
      } catch {
        return fail('CORS_ORIGINS', 'each entry must be an origin like https://app.example.com', s);
      }
    });
}

/** ALLOWED_HOSTS: comma-separated host names, e.g. `cofounder.lan,.corp.example`. */
function parseHostNames(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(s) ? s : fail('ALLOWED_HOSTS', 'each entry must be a host name like cofounder.lan or .corp.example', s)));
}

function stripeApiBase(url: string | undefined): StripeConfig['apiBase'] {
  if (!url) return null;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** VM_ALLOW_HOSTS: comma-separated host:port pairs, lower-cased (read by the server and by machine hosts). */
/** A plain DevTools endpoint machines may be opened on, and how many at once. */
export interface CdpEndpoint {
  url: string;
  capacity: number;
}

const VM_HOSTS_FORMAT = 'is "registered" (hosts in the database) or DevTools endpoints as capacity@ws://…, comma-separated';

/** VM_HOSTS: "registered", or CDP endpoints ("4@ws://pool:3000/chromium?token=…, 2@wss://…"); null when malformed. */
export function parseVmHosts(value: string | undefined): { hosts: 'registered' | null; pool: CdpEndpoint[] } | null {
  if (value === undefined) return { hosts: null, pool: [] };
  if (value.trim() === 'registered') return { hosts: 'registered', pool: [] };
  const pool: CdpEndpoint[] = [];
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^(\d{1,3})@(wss?:\/\/\S+)$/.exec(entry);
    const capacity = Number(m?.[1]);
    if (!m || !URL.canParse(m[2]!) || capacity < 1 || capacity > 100) return null;
    pool.push({ url: m[2]!, capacity });
  }
  return pool.length ? { hosts: null, pool } : null;
}

export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** Parses the environment once; an empty string counts as unset (common in .env files). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    fail(name, issue.message, raw[name]);
  }
  const e = parsed.data;
  if (e.SUPABASE_URL && !e.SUPABASE_ANON_KEY) fail('SUPABASE_ANON_KEY', 'is required when SUPABASE_URL is set');
  if (!e.SUPABASE_URL && (e.SUPABASE_ANON_KEY || e.SUPABASE_JWT_SECRET)) {
    fail('SUPABASE_URL', 'is required when SUPABASE_ANON_KEY or SUPABASE_JWT_SECRET is set');
  }
  const twilioSet = e.TWILIO_ACCOUNT_SID || e.TWILIO_AUTH_TOKEN || e.TWILIO_PHONE_NUMBER || e.TWILIO_API_KEY_SID;
  if (twilioSet) {
    if (!e.TWILIO_ACCOUNT_SID) fail('TWILIO_ACCOUNT_SID', 'is required when any TWILIO_ variable is set');
    if (!e.TWILIO_AUTH_TOKEN) fail('TWILIO_AUTH_TOKEN', 'is required to verify Twilio webhooks');
    if (!e.TWILIO_PHONE_NUMBER) fail('TWILIO_PHONE_NUMBER', 'is required when TWILIO_ACCOUNT_SID is set');
    if (Boolean(e.TWILIO_API_KEY_SID) !== Boolean(e.TWILIO_API_KEY_SECRET)) {
      fail('TWILIO_API_KEY_SECRET', 'TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET go together');
    }
  }
  const vmHosts = parseVmHosts(e.VM_HOSTS);
  if (!vmHosts) fail('VM_HOSTS', VM_HOSTS_FORMAT);
  if (vmHosts.hosts && !e.DATABASE_URL) fail('VM_HOSTS', 'needs DATABASE_URL: hosts register in the shared Postgres');
  const off = Number.POSITIVE_INFINITY;
  let tokenKey: Buffer | null = null;
  if (e.TOKEN_ENCRYPTION_KEY) {
    tokenKey = parseTokenKey(e.TOKEN_ENCRYPTION_KEY);
    if (!tokenKey) fail('TOKEN_ENCRYPTION_KEY', 'must be 32 bytes as 64 hex digits or base64');
  }
  const localConveniences = [
    ...(e.SMTP_URL ? [] : ['dev mailbox']),
    ...(e.STRIPE_SECRET_KEY ? [] : ['local checkout']),
    ...(twilioSet ? [] : ['SMS simulator']),
  ];
  return {
    port: e.PORT,
    monitorPort: e.MONITOR_PORT,
    // Issue 20: a fresh install is reachable from this machine only; binding wider is a deliberate HOST.
    host: e.HOST ?? (localConveniences.length > 0 ? '127.0.0.1' : '0.0.0.0'),
    localConveniences,
    dataDir: resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    webDistDir: resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    userRateLimits: e.USER_RATE_LIMITS,
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    allowedHosts: parseHostNames(e.ALLOWED_HOSTS),
    auth: {
      jwtSecret: e.AUTH_JWT_SECRET ?? null,
      signupDisabled: e.SIGNUP_DISABLED,
      limits: {
        windowSeconds: AUTH.rateLimitWindowSeconds,
        signInPerIp: e.AUTH_RATE_LIMITS ? AUTH.signInPerIp : off,
        signInPerEmail: e.AUTH_RATE_LIMITS ? AUTH.signInPerEmail : off,
        signUpPerIp: e.AUTH_RATE_LIMITS ? AUTH.signUpPerIp : off,
        recoverPerIp: e.AUTH_RATE_LIMITS ? AUTH.recoverPerIp : off,
        resendPerIp: e.AUTH_RATE_LIMITS ? AUTH.resendPerIp : off,
        // Guessing a 6-digit code is the cheapest attack on the verify endpoint; same budget as sign-in.
        verifyPerIp: e.AUTH_RATE_LIMITS ? AUTH.signInPerIp : off,
      },
      bcryptCost: 10,
    },
    vm: {
      chromiumPath: e.VM_CHROMIUM_PATH ?? findChromium(),
      allowHosts: parseAllowHosts(e.VM_ALLOW_HOSTS),
      maxLocalMachines: e.VM_MAX_LOCAL_MACHINES,
      hosts: vmHosts.hosts,
      pool: vmHosts.pool,
      egressHost: e.VM_EGRESS_HOST,
      searchUrl: e.VM_SEARCH_URL,
    },
    supabase: e.SUPABASE_URL
      ? { url: e.SUPABASE_URL, anonKey: e.SUPABASE_ANON_KEY!, jwtSecret: e.SUPABASE_JWT_SECRET ?? null }
      : null,
    email: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    contact: { to: e.CONTACT_TO },
    ai: {
      apiKey: e.OPENAI_API_KEY ?? null,
      model: e.OPENAI_MODEL,
      baseUrl: e.OPENAI_BASE_URL ?? null,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      firstTokenTimeoutMs: e.OPENAI_FIRST_TOKEN_TIMEOUT_MS,
      maxRetries: e.OPENAI_MAX_RETRIES,
      webSearch: e.AI_WEB_SEARCH,
      researchModel: e.OPENAI_RESEARCH_MODEL ?? e.OPENAI_MODEL,
      computerModel: e.OPENAI_COMPUTER_MODEL,
    },
    voice: {
      apiKey: e.VOICE_OPENAI_API_KEY ?? e.OPENAI_API_KEY ?? null,
      // A voice key of its own speaks to api.openai.com unless given its own URL: it must not inherit the chat
      // server's OPENAI_BASE_URL (say, Ollama), which was set for the other key.
      baseUrl: e.VOICE_OPENAI_BASE_URL ?? (e.VOICE_OPENAI_API_KEY ? null : (e.OPENAI_BASE_URL ?? null)),
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      maxRetries: e.OPENAI_MAX_RETRIES,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: stripeApiBase(e.STRIPE_API_BASE_URL),
          prices: Object.fromEntries(
            (
              [
                ['starter_monthly', e.STRIPE_PRICE_STARTER_MONTHLY],
                ['starter_yearly', e.STRIPE_PRICE_STARTER_YEARLY],
                ['builder_monthly', e.STRIPE_PRICE_BUILDER_MONTHLY],
                ['builder_yearly', e.STRIPE_PRICE_BUILDER_YEARLY],
                ['scale_monthly', e.STRIPE_PRICE_SCALE_MONTHLY],
                ['scale_yearly', e.STRIPE_PRICE_SCALE_YEARLY],
              ] as const
            ).filter(([, id]) => id !== undefined),
          ),
        }
      : null,
    twilio: twilioSet
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID!,
          authToken: e.TWILIO_AUTH_TOKEN!,
          apiKeySid: e.TWILIO_API_KEY_SID ?? null,
          apiKeySecret: e.TWILIO_API_KEY_SECRET ?? null,
          phoneNumber: e.TWILIO_PHONE_NUMBER!,
          apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, ''),
        }
      : null,
    social: {
      tokenKey,
      twitter:
        e.X_CLIENT_ID && e.X_CLIENT_SECRET
          ? {
              clientId: e.X_CLIENT_ID,
              clientSecret: e.X_CLIENT_SECRET,
              authorizeUrl: e.X_AUTHORIZE_URL,
              apiBaseUrl: e.X_API_BASE_URL,
              authBaseUrl: e.X_API_BASE_URL,
            }
          : null,
      reddit:
        e.REDDIT_CLIENT_ID && e.REDDIT_CLIENT_SECRET
          ? {
              clientId: e.REDDIT_CLIENT_ID,
              clientSecret: e.REDDIT_CLIENT_SECRET,
              authorizeUrl: e.REDDIT_AUTHORIZE_URL,
              apiBaseUrl: e.REDDIT_API_BASE_URL,
              authBaseUrl: e.REDDIT_AUTH_BASE_URL,
            }
          : null,
    },
  };
}
