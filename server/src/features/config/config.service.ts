import type { Context } from 'koa';
import type { PublicConfig } from '@cofounder/shared';
import { fromThisMachine } from '../../http/local-only.ts';
import type { FeatureDeps } from '../types.ts';

type OAuthProviders = PublicConfig['oauthProviders'];
const NONE: OAuthProviders = { google: false, github: false };

/**
 * Hosted Supabase knows which OAuth providers are enabled; ask its public /settings and remember the answer
 * for 10 minutes. Failure means "none" (the sign-in page then just hides the buttons).
 */
function hostedProviders(url: string, anonKey: string): () => Promise<OAuthProviders> {
  let cached: { value: OAuthProviders; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.value;
    let value = NONE;
    try {
      const res = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(3000) });
      const settings = (await res.json()) as { external?: Record<string, unknown> };
      value = { google: settings.external?.google === true, github: settings.external?.github === true };
    } catch {
      // unreachable Supabase: keep NONE, retry after the cache window
    }
    cached = { value, until: Date.now() + 10 * 60_000 };
    return value;
  };
}

export type PublicConfigFor = (ctx: Context) => Promise<PublicConfig>;

/**
 * The public config a request's client gets (GET /api/config, and inline in every page of the web app): where auth
 * lives and which providers are local, for web and extension. Only the dev mailbox flag depends on the client.
 */
export function publicConfigService({
  config,
  database,
  email,
  ai,
  voice,
  anonKey,
  vm,
}: Pick<FeatureDeps, 'config' | 'database' | 'email' | 'ai' | 'voice' | 'anonKey' | 'vm'>): PublicConfigFor {
  const providers = config.supabase ? hostedProviders(config.supabase.url, anonKey) : async () => NONE;
  return async (ctx) => ({
    supabaseUrl: config.supabase?.url ?? null,
    supabaseAnonKey: anonKey,
    modes: {
      auth: config.supabase ? 'real' : 'local',
      database: database.kind === 'postgres' ? 'real' : 'local',
      email: email.mode,
      ai: ai.serverDefault.mode,
      billing: config.stripe ? 'real' : 'local',
    },
    aiModel: ai.serverDefault.mode === 'real' ? ai.serverDefault.producer : null,
    oauthProviders: await providers(),
    // The mailbox answers this machine only: another client is not sent to a page that refuses it.
    devMailbox: email.mode === 'local' && fromThisMachine(ctx),
    social: { twitter: config.social.twitter !== null, reddit: config.social.reddit !== null },
    // The server's own speech (one provider serves both: a local engine holds the local call); a founder's
    // connection may add theirs (model settings).
    voice: {
      transcription: voice.serverDefault.available,
      calls: voice.serverDefault.available,
      engine: voice.serverDefault.engine,
      reason: voice.serverDefault.unavailableReason,
    },
    monitorPort: config.monitorPort,
    vm: { available: vm.available, mode: vm.mode, reason: vm.unavailableReason, hosted: vm.kind === 'hosted', pool: vm.pool === true },
  });
}
