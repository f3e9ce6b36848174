import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { createLogOutput, ignoreStdioWriteErrors } from './log-output.ts';
import { createApp, type CofounderApp } from './app.ts';
import { LOCAL_SMS_NUMBER, type Config } from './config.ts';
import { openPostgres, type Database } from './db/client.ts';
import { openPgliteSeeded } from './db/seed.ts';
import type { DataDirLock } from './db/lock.ts';
import { StartupError } from './startup-error.ts';
import { migrateDatabase } from './db/migrate.ts';
import { isLoopbackAddress } from './net/public-address.ts';
import { loadOrCreateAuthSecret, loadOrCreateTokenKey } from './features/auth/secret.ts';
import { createClosers } from './closers.ts';
import { createProviders } from './providers/index.ts';
import { startWorkers } from './queue/start.ts';
import { createViewTokens, VIEW_TOKEN_PREFIX } from './features/vms/view-token.ts';
import { startMonitor, type Monitor } from './ws/monitor.ts';
import { createEventBus } from './events/create-bus.ts';
import { createVmEvents } from './events/vm-events.ts';
import { startLiveView } from './features/vms/live-view.ts';
import { vmServices } from './features/vms/vm-services.ts';
import { startSilentTaskSweep } from './features/computer-use/computer-use.service.ts';
import { ownsVmCheck, startHostLostSweep, startHoursSweep } from './features/vms/vms.service.ts';
import { isLocalMode } from './features/model-settings/local-mode.ts';
import { createHostCheck } from './http/allowed-hosts.ts';
import { localServersFor } from './features/model-settings/local-servers.service.ts';
import { createAiModels } from './features/model-settings/model-settings.service.ts';
import { describeLocalModelServers } from './providers/ai/local-servers.ts';

const DRAIN_TIMEOUT_MS = 10_000;
/** A shutdown signal ends the process by then, whatever is still closing (past the drain above, with room to close the rest). */
const SHUTDOWN_DEADLINE_MS = 15_000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use. Stop what uses it or set PORT.`) : err);
    });
    server.listen(port, host, () => resolve());
  });
}

/** Whether a bind address keeps the server on this machine (127.x, ::1, localhost). */
const isLoopbackHost = (host: string): boolean => host === 'localhost' || isLoopbackAddress(host);

function banner(
  config: Config,
  database: Database,
  app: CofounderApp,
  port: number,
  monitorPort: number,
  localModels: string | null,
): string[] {
  const emailLine = app.email.describe;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const wide = !isLoopbackHost(config.host) && config.localConveniences.length > 0;
  return [
    ...(wide
      ? [
          `warning: HOST=${config.host} lets other machines reach this server; the local ${config.localConveniences.join(', ')} answer only clients on this machine (configure the real providers to use them from elsewhere)`,
        ]
      : []),
    `Cofounder server on http://${host}:${port} (monitor socket ws://${host}:${monitorPort}, dashboard URL ${config.publicUrl})`,
    config.supabase ? `auth: real (Supabase at ${config.supabase.url})` : 'auth: local (/auth/v1 on this server)',
    `database: ${database.kind === 'postgres' ? 'real' : 'local'} (${database.describe})`,
    `email: ${emailLine}${emailLine.startsWith('local') ? ' — this machine only; set SMTP_URL to send real email' : ''}`,
    `ai: ${app.ai.describe}`,
    ...(localModels ? [localModels] : []),
    app.vm.describe,
    `voice: ${app.voice.describe}`,
    config.stripe
      ? `billing: real (Stripe${config.stripe.apiBase ? ` at ${config.stripe.apiBase.protocol}://${config.stripe.apiBase.host}:${config.stripe.apiBase.port}` : ''}${config.stripe.webhookSecret ? '' : '; STRIPE_WEBHOOK_SECRET is not set, so webhooks are refused'})`
      : 'billing: local (the /dev/checkout page; no card is charged — set STRIPE_SECRET_KEY for Stripe)',
    config.twilio
      ? `sms: real (Twilio number ${config.twilio.phoneNumber}; webhooks ${config.publicUrl}/api/sms/webhook and /api/voice/webhook)`
      : `sms: local (the phone page simulates texts; intern number ${LOCAL_SMS_NUMBER} — set TWILIO_ACCOUNT_SID for Twilio)`,
    `social: X ${config.social.twitter ? 'configured' : 'not configured'}, Reddit ${config.social.reddit ? 'configured' : 'not configured'} (connections need X_CLIENT_ID/X_CLIENT_SECRET, REDDIT_CLIENT_ID/REDDIT_CLIENT_SECRET)`,
  ];
}

/**
 * Everything `npm start` runs, once main.ts has read the config and taken the data folder's lock (`lock`, null on
 * Postgres): the database, providers, workers, the HTTP server and the monitor socket, closed in reverse on a
 * failed start or a shutdown signal.
 */
export async function serve(config: Config, lock: DataDirLock | null): Promise<void> {
  ignoreStdioWriteErrors();
  const output = createLogOutput();
  const log = pino({ level: config.logLevel }, output);
  // Local model servers on this machine (local mode): probed while the database opens, never delaying the listen.
  const localModels = isLocalMode(config) ? localServersFor(config).latest() : null;
  // Everything opened below registers how to close it; a failed start and a shutdown both close in reverse.
  const closers = createClosers();
  let database: Database;
  let tokenKey: Buffer;
  try {
    if (lock) closers.add(() => lock.release());
    if (!config.supabase && !config.auth.jwtSecret) config.auth.jwtSecret = loadOrCreateAuthSecret(config.dataDir);
    tokenKey = config.social.tokenKey ??= loadOrCreateTokenKey(config.dataDir);
    const opened = config.databaseUrl
      ? await openPostgres(config.databaseUrl, (err) => log.warn({ err }, 'idle database connection dropped'))
      : await openPgliteSeeded(config.dataDir);
    closers.add(() => opened.close());
    await migrateDatabase(opened);
    database = opened;
  } catch (err) {
    await closers.closeAll();
    throw err;
  }

  const providers = createProviders(config, database.db, log, Date.now);
  closers.add(async () => providers.localSpeech?.close());
  const { social, vm } = providers;
  // Who answers each founder: their own model (Settings → Model) or the server's default, looked up per request.
  const ai = createAiModels({ db: database.db, config, tokenKey, serverDefault: providers.ai });
  // Machines, and their live events across processes (LISTEN/NOTIFY on the app's database).
  const bus = await createEventBus(database, log);
  closers.add(() => bus.close());
  const vmEvents = createVmEvents({ db: database.db, bus, now: Date.now, log });
  const machines = vmServices({ config, database, vm, vmEvents, ai, now: Date.now, log, tokenKey });
  // Local machines died with the previous run of this process: they come back as STOPPED (PGlite: one process, all).
  await machines.vms.stopOrphans(database.kind === 'pglite');
  const queue = await startWorkers({
    database,
    databaseUrl: config.databaseUrl,
    ai,
    log,
    now: Date.now,
    social,
    tokenKey,
    machine: machines.computerUse.runForEngineTask,
  });
  closers.add(() => queue.stop()); // running tasks finish (bounded) before the database they write to closes
  closers.add(() => vm.shutdown()); // closes this process's browsers; their rows are marked STOPPED at the next start
  const app = createApp({
    config,
    database,
    log,
    ...providers,
    models: ai,
    queue,
    autonomy: queue.autonomy,
    publisher: queue.publisher,
    vmEvents,
  });
  closers.add(startLiveView({ db: database.db, vm, vmEvents, log }));
  closers.add(() => machines.founderControl?.close());
  closers.add(startHoursSweep(machines.vms, log));
  closers.add(startHostLostSweep(machines.vms, vm, log));
  closers.add(startSilentTaskSweep(machines.computerUse, log));
  const server = createServer(app.koa.callback());
  server.on('upgrade', app.localCalls.upgrade);
  closers.add(async () => {
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    await new Promise<void>((done) => server.close(() => done())); // stop accepting, let in-flight requests finish
    clearTimeout(force);
  });
  // Runs before the server's own closer (closers run last-in first-out): open calls end and are metered first.
  closers.add(() => app.localCalls.close());
  let monitor: Monitor;
  try {
    await listen(server, config.port, config.host);
    monitor = await startMonitor({
      port: config.monitorPort,
      host: config.host,
      verifier: app.verifier,
      log,
      vmEvents,
      ownsVm: ownsVmCheck(database.db),
      // The "password" of GET /api/vms/{id}/vnc: watching that one machine without the account's token.
      viewTokens: { prefix: VIEW_TOKEN_PREFIX, verify: createViewTokens(tokenKey).verify },
      ...(isLocalMode(config) ? { hostAllowed: createHostCheck(config) } : {}),
    });
  } catch (err) {
    await closers.closeAll();
    const code = (err as NodeJS.ErrnoException).code;
    throw code === 'EADDRINUSE' ? new StartupError(`Port ${config.monitorPort} is already in use. Stop what uses it or set MONITOR_PORT.`) : err;
  }
  closers.add(() => monitor.close());
  const port = (server.address() as { port: number }).port;
  // The scan is bounded by its probe timeout and usually done by now: its line goes with the ai line.
  const localModelsLine = localModels && describeLocalModelServers((await localModels).servers);
  for (const line of banner(config, database, app, port, monitor.port, localModelsLine)) console.log(line);

  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C under `npm start` reaches us twice (terminal group + the start script): act once.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Whatever hangs (a closer, a destination), the process ends within the deadline.
    setTimeout(() => {
      log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time: exiting');
      output.flushSync();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await closers.closeAll();
    output.flushSync();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
