import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { FEATURES, LOCAL_ONLY_PATHS, PUBLIC_API_ROUTES } from './features/index.ts';
import { createHostedVerifier } from './features/auth/hosted-verifier.ts';
import { createLocalAuth, type LocalAuth } from './features/auth/local-auth.ts';
import type { TokenVerifier } from './http/token-verifier.ts';
import { mailboxRouter } from './features/mailbox/mailbox.routes.ts';
import type { FeatureDeps, FeatureRouter } from './features/types.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { STRIPE_WEBHOOK_PATH } from './features/billing/billing.routes.ts';
import { planGate } from './features/billing/gate.ts';
import { TRANSCRIBE_JSON_LIMIT_BYTES, TRANSCRIBE_JSON_PATH } from './features/voice/transcription.routes.ts';
import { guardApi } from './http/api-guard.ts';
import { requireUser } from './http/auth.ts';
import { jsonBody } from './http/body.ts';
import { drainRefusedBody } from './http/refused-body.ts';
import { guardLocalOnly } from './http/local-only.ts';
import { allowedHostsOnly, createHostCheck, hostnameOf } from './http/allowed-hosts.ts';
import { canonicalPath, createPathCanonicalizer } from './http/canonical-path.ts';
import { isLocalMode } from './features/model-settings/local-mode.ts';
import { createRateLimits, UNLIMITED } from './http/rate-limits.ts';
import { compression, serializeJsonOnce } from './http/compression.ts';
import { corsFor } from './http/cors.ts';
import { errorHandler } from './http/errors.ts';
import { logHttpError } from './http/http-error-log.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { AiModels, AiProvider } from './providers/ai/port.ts';
import { createAiModels, createVoiceModels } from './features/model-settings/model-settings.service.ts';
import { createLocalCalls, type LocalCalls } from './features/voice/local-call/local-call.socket.ts';
import type { EmailProvider } from './providers/email/port.ts';
import type { SocialProviders } from './providers/social/port.ts';
import { createProviders } from './providers/index.ts';
import type { AnyBillingProvider } from './providers/billing/registry.ts';
import type { LocalSpeech } from './providers/voice/local/local-speech.ts';
import type { VoiceProvider } from './providers/voice/port.ts';
import type { VmProvider } from './providers/vm/port.ts';
import type { VmEvents } from './events/vm-events.ts';
import type { AutonomyScheduler } from './queue/autonomy-queue.ts';
import type { PublishScheduler } from './queue/publish-queue.ts';
import type { TaskQueue } from './queue/task-queue.ts';
import { createAppPage } from './web/app-page.ts';
import { createIslandPage } from './web/island-page.ts';
import { webApp } from './web/static.ts';
import { createStoreHealth } from './features/health/store-health.ts';
import { publicConfigService } from './features/config/config.service.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Clock in ms; tests inject one to step over cooldowns and expiries. */
  now?: () => number;
  /** Replaces the email provider chosen from config (tests). */
  email?: EmailProvider;
  /** Replaces the AI provider chosen from config (the server's default model). */
  ai?: AiProvider;
  /** Who answers each founder (main builds it once for the workers and the app); absent: built from `ai`. */
  models?: AiModels;
  /** The task queue main started (null or absent: tasks are stored but not run by this app). */
  queue?: TaskQueue | null;
  /** The autonomy scheduler main started (null or absent: enabling autonomy schedules nothing here). */
  autonomy?: AutonomyScheduler | null;
  /** The publish queue main started (null or absent: approved posts stay queued until a worker runs). */
  publisher?: PublishScheduler | null;
  /** Replaces the social adapters chosen from config. */
  social?: SocialProviders;
  /** Replaces the voice provider chosen from config (then `localSpeech` is null unless given too). */
  voice?: VoiceProvider;
  /** Speech on this machine (main passes what it built; tests pass their own, or null for none). */
  localSpeech?: LocalSpeech | null;
  /** Replaces the billing provider chosen from config. */
  billing?: AnyBillingProvider;
  /** Replaces the machine provider chosen from config (tests pass the fake one). */
  vm?: VmProvider;
  /** The live monitor's events (main and the test server create them on the event bus); absent: not streamed. */
  vmEvents?: VmEvents | null;
  /** Extra feature routers mounted after the built-in ones (tests mount test-only routes this way). */
  features?: FeatureRouter[];
}

export interface CofounderApp {
  koa: Koa;
  verifier: TokenVerifier;
  email: EmailProvider;
  ai: AiProvider;
  voice: VoiceProvider;
  /** pocketsphinx and flite on this machine, or null (tests read its pools). */
  localSpeech: LocalSpeech | null;
  /** The local auth server, or null in hosted-Supabase mode. */
  localAuth: LocalAuth | null;
  anonKey: string;
  /** The key social tokens are sealed with (tests seal fixtures with it); view tokens are signed under it too. */
  tokenKey: Buffer;
  vm: VmProvider;
  /** The local voice call's socket (issue 24): the HTTP server hands it its upgrades and closes it on shutdown. */
  localCalls: LocalCalls;
}

const WEBHOOK_JSON_LIMIT_BYTES = 1024 * 1024;
/**
 * The most of a refused body read and thrown away before its answer goes out: twice the largest body any route
 * accepts (base64 audio). A client sending more is cut off after the answer.
 */
const REFUSED_BODY_DRAIN_BYTES = 2 * TRANSCRIBE_JSON_LIMIT_BYTES;


/** Builds the whole HTTP app without listening, so tests drive it on an ephemeral port. */
export function createApp(deps: AppDeps): CofounderApp {
  const { config, database, log } = deps;
  const now = deps.now ?? Date.now;
  // main passes the set it built (and gave the workers); a test passes the fakes it needs and gets the rest.
  const { email, ai, social, voice, localSpeech, billing, vm } = createProviders(config, database.db, log, now, deps);
  const localAuth = config.supabase ? null : createLocalAuth({ config, db: database.db, email, now, log });
  const verifier =
    localAuth?.verifier ?? createHostedVerifier(config.supabase!.url, config.supabase!.jwtSecret, now);
  const anonKey = localAuth?.anonKey ?? config.supabase!.anonKey;
  // main loads or creates the key in DATA_DIR; an app without one (tests) seals with a key of its own.
  const tokenKey = config.social.tokenKey ?? randomBytes(32);
  const storeHealth = createStoreHealth({ dataDir: config.dataDir, now });
  const featureDeps: FeatureDeps = {
    config,
    database,
    log,
    now,
    email,
    ai: deps.models ?? createAiModels({ db: database.db, config, tokenKey, serverDefault: ai }),
    verifier,
    accounts: localAuth?.accounts ?? null,
    anonKey,
    queue: deps.queue ?? null,
    autonomy: deps.autonomy ?? null,
    publisher: deps.publisher ?? null,
    social,
    voice: createVoiceModels({ db: database.db, config, tokenKey, serverVoice: voice }),
    localSpeech,
    tokenKey,
    rateLimits: config.userRateLimits ? createRateLimits(database.db) : UNLIMITED,
    billing: createBillingService({
      db: database.db,
      now,
      log,
      provider: billing,
      queue: deps.queue ?? null,
    }),
    vm,
    vmEvents: deps.vmEvents ?? null,
    storeHealth,
  };

  const localCalls = createLocalCalls(featureDeps);
  const hosts = createHostCheck(config);
  const localInstall = isLocalMode(config);
  const mailbox = email.mode === 'local' ? mailboxRouter(database.db) : null;
  const featureRouters = [...FEATURES, ...(deps.features ?? [])].map((feature) => feature(featureDeps));
  const routers = [localAuth?.router, mailbox, ...featureRouters].filter((router) => router != null);
  // Every guard below and every router sees the one spelling of the path the routes declare.
  const canonical = createPathCanonicalizer(routers.flatMap((router) => router.stack.map((layer) => String(layer.path))));

  const koa = new Koa();
  koa.proxy = config.trustProxy > 0;
  // Only the entries our own proxies appended: a client can put anything in X-Forwarded-For before them.
  koa.maxIpsCount = config.trustProxy;
  // Errors reach this only if they escape errorHandler (e.g. a broken socket); log them as JSON like the rest.
  koa.on('error', logHttpError(log));
  const apiBody = jsonBody();
  const transcribeBody = jsonBody(TRANSCRIBE_JSON_LIMIT_BYTES);
  // Stripe's events can outgrow the usual cap; the webhook keeps the raw text for its signature check.
  const webhookBody = jsonBody(WEBHOOK_JSON_LIMIT_BYTES);
  koa.use(canonicalPath(canonical));
  koa.use(requestLog(log));
  // Outside the error handler, so it sees the final status: a refused upload is read to its end before the answer.
  koa.use(drainRefusedBody(REFUSED_BODY_DRAIN_BYTES));
  koa.use(errorHandler({ onDiskFull: (part) => part === 'database' && storeHealth.databaseDiskFull() }));
  // A local install answers only to the names it is known by, for every page and API (DNS rebinding).
  if (localInstall) koa.use(allowedHostsOnly(hosts));
  // Inside the error handler's catch so error answers are compressed too; streams are left as they are.
  koa.use(compression());
  koa.use(serializeJsonOnce());
  koa.use(securityHeaders(config, voice.callsUrl));
  koa.use(corsFor(config.publicUrl, config.corsOrigins));
  koa.use(guardLocalOnly(LOCAL_ONLY_PATHS, hosts));
  if (localAuth) koa.use(localAuth.router.routes());
  if (mailbox) koa.use(mailbox.routes());
  const allowedOrigins = [new URL(config.publicUrl).origin, ...config.corsOrigins];
  koa.use(guardApi(PUBLIC_API_ROUTES, requireUser(verifier, { allowedOrigins })));
  koa.use((ctx, next) => {
    if (!/^\/api(\/|$)/.test(ctx.path)) return next();
    // Base64 audio is the one JSON body larger than the usual cap; no other route gets that allowance.
    if (ctx.path === STRIPE_WEBHOOK_PATH) return webhookBody(ctx, next);
    return (ctx.path === TRANSCRIBE_JSON_PATH ? transcribeBody : apiBody)(ctx, next);
  });
  // Builder features (spec 2 §6): after the bearer check, before any feature router.
  koa.use(planGate(database.db, now));
  for (const router of featureRouters) koa.use(router.routes());
  const pages = { dir: config.webDistDir, origin: new URL(config.publicUrl).origin, log };
  koa.use(
    webApp(config.webDistDir, {
      page: createAppPage({ dir: config.webDistDir }),
      island: createIslandPage(pages),
      islandData: {
        '/pricing': () => ({ pricing: featureDeps.billing.pricing() }),
        '/contact': () => ({}),
        '/login': () => ({}),
      },
      publicConfig: publicConfigService(featureDeps),
    }),
  );
  return {
    koa,
    localCalls: {
      ...localCalls,
      upgrade: (req, socket, head) =>
        !localInstall || hosts(hostnameOf(req))
          ? localCalls.upgrade(req, socket, head)
          : void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
    },
    verifier,
    email,
    ai,
    voice,
    localSpeech,
    localAuth,
    anonKey,
    tokenKey: featureDeps.tokenKey,
    vm: featureDeps.vm,
  };
}
