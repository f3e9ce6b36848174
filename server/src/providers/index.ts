import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AiProvider } from './ai/port.ts';
import { createAiProvider } from './ai/registry.ts';
import { createBillingProvider, type AnyBillingProvider } from './billing/registry.ts';
import type { EmailProvider } from './email/port.ts';
import { createEmailProvider } from './email/registry.ts';
import type { SocialProviders } from './social/port.ts';
import { createSocialProviders } from './social/registry.ts';
import type { VmProvider } from './vm/port.ts';
import { createVmProvider } from './vm/registry.ts';
import type { LocalSpeech } from './voice/local/local-speech.ts';
import type { VoiceProvider } from './voice/port.ts';
import { createServerVoice } from './voice/registry.ts';

/** Every outside service the server talks to (SMS is built by its feature from config: it has no state). */
export interface Providers {
  email: EmailProvider;
  ai: AiProvider;
  social: SocialProviders;
  voice: VoiceProvider;
  /** pocketsphinx and flite on this machine (the local call and local transcription), null when not installed. */
  localSpeech: LocalSpeech | null;
  billing: AnyBillingProvider;
  vm: VmProvider;
}

/**
 * The one place providers are chosen from config: the real SDK where a key is set, the local provider that does
 * the work on this machine where not. `given` replaces any of them (tests pass fakes); main builds them once and
 * hands the same set to the app and the workers. A `voice` given without `localSpeech` comes with none: a test
 * that passes a provider decides what speech there is.
 */
export function createProviders(
  config: Config,
  db: Db,
  log: Logger,
  now: () => number,
  given: Partial<Providers> = {},
): Providers {
  const speech = given.voice ? { provider: given.voice, localSpeech: given.localSpeech ?? null } : createServerVoice(config);
  return {
    email: given.email ?? createEmailProvider(config, db),
    ai: given.ai ?? createAiProvider(config),
    social: given.social ?? createSocialProviders(config),
    voice: speech.provider,
    localSpeech: speech.localSpeech,
    billing: given.billing ?? createBillingProvider(config, db, now),
    vm: given.vm ?? createVmProvider(config, log, { db, now }),
  };
}
