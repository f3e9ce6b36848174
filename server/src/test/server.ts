import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { createApp, type CofounderApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { FeatureRouter } from '../features/types.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { createFakeVm } from './fake-vm.ts';
import { createEventBus } from '../events/create-bus.ts';
import { createVmEvents, type VmEvents } from '../events/vm-events.ts';
import type { VmProvider } from '../providers/vm/port.ts';
import { vmServices } from '../features/vms/vm-services.ts';
import { openTestDatabase, testDatabaseUrl } from './db.ts';
import type { AiModels, AiProvider } from '../providers/ai/port.ts';
import { createAiModels } from '../features/model-settings/model-settings.service.ts';
import { createClosers } from '../closers.ts';
import { createProviders } from '../providers/index.ts';
import type { LocalSpeechDetection } from '../providers/voice/local/detect.ts';
import type { VoiceProvider } from '../providers/voice/port.ts';
import { createServerVoice } from '../providers/voice/registry.ts';
import { startWorkers, type Workers } from '../queue/start.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
// Node 20 has no global WebSocket; supabase-js documents passing `ws`, whose constructor type is wider.
const transport = ws as unknown as RealtimeTransport;

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestServerOptions {
  /** Environment as main would read it (PORT etc. are ignored: the server takes a free port). */
  env?: Record<string, string>;
  /** Adjusts the parsed config, e.g. small rate limits. */
  configure?: (config: Config) => void;
  features?: FeatureRouter[];
  /** Run on this database instead of a fresh one, and leave it open on close() (restart tests). */
  database?: Database;
  /** The app's logger (default: silent). */
  log?: Logger;
  /** Start the task queue and autonomy workers (off by default: most tests only store tasks), with test tuning. */
  queue?: boolean | NonNullable<Parameters<typeof startWorkers>[0]['tuning']>;
  /** Replaces the AI provider chosen from config. */
  ai?: AiProvider;
  /**
   * Replaces the voice provider chosen from config (with no speech on this machine). Default: as main, a voice key
   * → OpenAI, else pocketsphinx when installed (CI installs it), else off; tests about "voice off" pass
   * createUnavailableVoiceProvider().
   */
  voice?: VoiceProvider;
  /** What the search for pocketsphinx and flite finds (e.g. `{ found: false, reason }`: a machine without them). */
  speechDetection?: LocalSpeechDetection;
  /**
   * The machine provider. Default: a fresh fake (test/fake-vm.ts: in memory, no Chromium), so no test starts a
   * browser by accident; pass createVmProvider(config, log) for the real local machines.
   */
  vm?: VmProvider;
  /**
   * Every connection's remote address as the app sees it (default: the real one, 127.0.0.1). Tests of what another
   * machine may reach set a non-loopback one: nothing on this machine can connect from a non-loopback address.
   */
  clientAddress?: string;
}

export interface TestServer {
  baseUrl: string;
  app: CofounderApp;
  config: Config;
  database: Database;
  clock: TestClock;
  /** The workers, when started with `queue`. */
  queue: Workers | null;
  /** The machine provider in use (the fake one unless the test passed another). */
  vm: VmProvider;
  /** Who answers each founder (their own model or the server default), as the app and workers use it. */
  models: AiModels;
  /** The live monitor's events on this server's event bus. */
  vmEvents: VmEvents;
  anonKey: string;
  /** A real supabase-js client on this server's /auth/v1, with no storage or timers of its own. */
  supabase(): SupabaseClient;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** The whole app (local auth, dev mailbox, /api) on 127.0.0.1 with a fresh database; close() tears it down. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const server = createServer();
  const port = await listen(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: baseUrl,
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: join(tmpdir(), 'cofounder-test-unused'),
    WEB_DIST_DIR: join(tmpdir(), 'cofounder-test-no-web'),
    ...options.env,
  });
  // bcrypt's lowest cost: the hashes are real bcrypt, without each sign-up spending 70 ms of pure-JS hashing on the
  // test's thread (15 s of CPU per server suite at the production cost of 10).
  config.auth.bcryptCost = 4;
  options.configure?.(config);
  const clock = createTestClock();
  const closers = createClosers();
  const database = options.database ?? (await openTestDatabase());
  if (!options.database) closers.add(() => database.close());
  const log = options.log ?? pino({ level: 'silent' });
  // The workers publish with the app's social adapters and read tokens sealed with the app's key.
  const tokenKey = (config.social.tokenKey ??= randomBytes(32));
  const speech = options.speechDetection && !options.voice ? createServerVoice(config, options.speechDetection) : null;
  const providers = createProviders(config, database.db, log, clock.now, {
    ai: options.ai,
    vm: options.vm ?? createFakeVm(),
    voice: options.voice ?? speech?.provider,
    localSpeech: speech?.localSpeech,
  });
  closers.add(async () => providers.localSpeech?.close());
  const { vm } = providers;
  // As main: each founder's own model or the server default, for the app and the workers alike.
  const ai = createAiModels({ db: database.db, config, tokenKey, serverDefault: providers.ai });
  const tuning = options.queue === true ? {} : options.queue;
  const bus = await createEventBus(database, log);
  closers.add(() => bus.close());
  const vmEvents = createVmEvents({ db: database.db, bus, now: clock.now, log });
  const queue = tuning
    ? await startWorkers({
        database,
        databaseUrl: testDatabaseUrl(database),
        ai,
        log,
        now: clock.now,
        tuning,
        social: providers.social,
        tokenKey,
        machine: vmServices({ config, database, vm, vmEvents, ai, now: clock.now, log, tokenKey }).computerUse
          .runForEngineTask,
      })
    : null;
  closers.add(() => queue?.stop());
  closers.add(() => vm.shutdown());
  const app = createApp({
    config,
    database,
    log,
    now: clock.now,
    features: options.features,
    ...providers,
    models: ai,
    queue,
    autonomy: queue?.autonomy ?? null,
    publisher: queue?.publisher ?? null,
    vmEvents,
  });
  closers.add(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });
  if (options.clientAddress) {
    const address = options.clientAddress;
    server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: address }));
  }
  server.on('request', app.koa.callback());
  server.on('upgrade', app.localCalls.upgrade);
  closers.add(() => app.localCalls.close());
  return {
    baseUrl,
    app,
    config,
    database,
    clock,
    queue,
    vm,
    models: ai,
    vmEvents,
    anonKey: app.anonKey,
    supabase: () =>
      createClient(baseUrl, app.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport },
      }),
    close: () => closers.closeAll(),
  };
}
