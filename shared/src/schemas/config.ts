import { z } from 'zod';

// Lives here rather than in voice.ts: the public config needs it, and whatever imports config (the extension's
// popup) must not pull in the voice schemas with it.
/**
 * Who serves a founder's speech: 'openai' (OpenAI's speech API, or a server speaking it) or 'local' (pocketsphinx
 * and flite on this server). Recorders convert to WAV for 'local'; the call screen picks its transport by it.
 */
export const VoiceEngine = z.enum(['openai', 'local']);
export type VoiceEngine = z.infer<typeof VoiceEngine>;

/** Whether a provider runs on this machine (local) or against the outside service (real). */
export const ProviderMode = z.enum(['local', 'real']);
export type ProviderMode = z.infer<typeof ProviderMode>;

/**
 * GET /api/config (public): what a browser needs to talk to this server — where auth lives, its public
 * key, and which providers are local so the UI can say so plainly. Never carries a secret.
 */
export const PublicConfig = z.object({
  /** Base URL for supabase-js; null means "this server" (local auth at /auth/v1). */
  supabaseUrl: z.string().nullable(),
  /** The public (anon) key supabase-js sends; safe to show. */
  supabaseAnonKey: z.string(),
  modes: z.object({
    auth: ProviderMode,
    database: ProviderMode,
    email: ProviderMode,
    /** local: the offline co-founder (no API key); real: an OpenAI-compatible model. */
    ai: ProviderMode,
    /** local: the built-in checkout at /dev/checkout (no card is charged); real: Stripe. */
    billing: ProviderMode.default('local'),
  }),
  /** The server default's model name when ai is real; null for the offline co-founder. Never a key or URL. */
  aiModel: z.string().nullable().default(null),
  /** OAuth sign-in providers enabled on the auth server. */
  oauthProviders: z.object({ google: z.boolean(), github: z.boolean() }),
  /** The dev mailbox is reachable (local email only). */
  devMailbox: z.boolean(),
  /** Social platforms whose OAuth app is configured on this server (connections can start). */
  social: z.object({ twitter: z.boolean(), reddit: z.boolean() }).default({ twitter: false, reddit: false }),
  /**
   * The server's own speech: a provider with speech models ('openai'), or pocketsphinx + flite on this machine
   * ('local'); off with the reason (e.g. the install command) when neither is there.
   */
  voice: z
    .object({
      transcription: z.boolean(),
      calls: z.boolean(),
      engine: VoiceEngine.nullable().default(null),
      reason: z.string().nullable().default(null),
    })
    .default({ transcription: false, calls: false, engine: null, reason: null }),
  /** The live monitor socket's port on this host (MONITOR_PORT; spec 2 §7 says 3001). */
  monitorPort: z.number().int().default(3001),
  /**
   * AI computer control: local machines are Chromium browsers on this server (available when Chromium is
   * installed), with `hosted` on the deployment's machine hosts (VM_HOSTS=registered), with `pool` in its browser
   * pool (VM_HOSTS=capacity@ws://…); real ones a cloud provider's machines. reason says why it is unavailable.
   */
  vm: z
    .object({
      available: z.boolean(),
      mode: ProviderMode,
      reason: z.string().nullable(),
      hosted: z.boolean().default(false),
      pool: z.boolean().default(false),
    })
    .default({ available: false, mode: 'local', reason: null, hosted: false, pool: false }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
