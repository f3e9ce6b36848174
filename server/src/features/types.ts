import type { StoreHealth } from './health/store-health.ts';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { Database } from '../db/client.ts';
import type { AiModels } from '../providers/ai/port.ts';
import type { EmailProvider } from '../providers/email/port.ts';
import type { SocialProviders } from '../providers/social/port.ts';
import type { LocalSpeech } from '../providers/voice/local/local-speech.ts';
import type { VoiceModels } from '../providers/voice/port.ts';
import type { VmProvider } from '../providers/vm/port.ts';
import type { VmEvents } from '../events/vm-events.ts';
import type { AutonomyScheduler } from '../queue/autonomy-queue.ts';
import type { PublishScheduler } from '../queue/publish-queue.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { AccountService } from './auth/account.service.ts';
import type { BillingService } from './billing/billing.service.ts';
import type { TokenVerifier } from '../http/token-verifier.ts';

/** What a feature's router factory receives from createApp. */
export interface FeatureDeps {
  config: Config;
  database: Database;
  log: Logger;
  now: () => number;
  email: EmailProvider;
  ai: AiModels;
  verifier: TokenVerifier;
  /** Local account management (e.g. account deletion); null when auth is hosted Supabase. */
  accounts: AccountService | null;
  /** The public (anon) key browsers give supabase-js. */
  anonKey: string;
  /** Runs stored tasks; null when no worker runs in this process (tests that do not need it). */
  queue: TaskQueue | null;
  /** Queues autonomy check-ins; null when no worker runs in this process. */
  autonomy: AutonomyScheduler | null;
  /** Queues approved posts for publishing; null when no worker runs in this process (they stay queued). */
  publisher: PublishScheduler | null;
  /** The configured social platforms' OAuth adapters. */
  social: SocialProviders;
  /**
   * Speech per founder: transcription and realtime call secrets from a key or the founder's connection, else
   * pocketsphinx on this machine (engine 'local'), else unavailable with the reason.
   */
  voice: VoiceModels;
  /** pocketsphinx and flite on this machine (the local call speaks and listens with it); null when not installed. */
  localSpeech: LocalSpeech | null;
  /** AES-256 key the provider tokens are sealed with. */
  tokenKey: Buffer;
  /** Per-user request budgets shared by every server process (RATE_LIMITS). */
  rateLimits: RateLimits;
  /** Plans, checkout and billing events (Stripe, or the local checkout). */
  billing: BillingService;
  /** The machines the co-founder drives (issue 12): local Chromium, a cloud adapter, or unavailable. */
  vm: VmProvider;
  /** The live monitor's events across processes; null: tasks are stored but nothing is streamed. */
  vmEvents: VmEvents | null;
  /** Whether the store takes writes (a full disk is reported by /api/health). */
  storeHealth: StoreHealth;
}

/** A feature plugs into the app as a router factory; its routes carry their full path (/api/...). */
export type FeatureRouter = (deps: FeatureDeps) => Router;
