import { z } from 'zod';

// Local model servers found by themselves (issue 23 §2): in local mode the server probes its own loopback for the
// usual local model servers, and Settings → Model (and the offline banner) offer what answered.

/** The dialects the server knows how to find, in the order they are probed and listed. */
export const LocalModelServerKind = z.enum(['ollama', 'lmstudio', 'llamacpp', 'vllm']);
export type LocalModelServerKind = z.infer<typeof LocalModelServerKind>;

export const LOCAL_MODEL_SERVERS = {
  /** Only ever this machine's loopback: never a host a founder typed. */
  host: '127.0.0.1',
  /** Each probe's whole budget (connect, answer and body): a closed or hung port costs no more. */
  probeTimeoutMs: 800,
  /** "Scan again" runs at most once per this long in one server process. */
  rescanCooldownMs: 5_000,
  /** Each dialect's name as shown and its default port; every one answers an OpenAI-style GET {base}/models. */
  servers: [
    { kind: 'ollama', name: 'Ollama', port: 11434 },
    { kind: 'lmstudio', name: 'LM Studio', port: 1234 },
    { kind: 'llamacpp', name: 'llama.cpp', port: 8080 },
    { kind: 'vllm', name: 'vLLM', port: 8000 },
  ],
  /** What "Scan again" answers when asked again within the cooldown. */
  scanTooSoonText: 'Scanned a moment ago. Try again in a few seconds.',
} as const satisfies {
  host: string;
  probeTimeoutMs: number;
  rescanCooldownMs: number;
  servers: readonly { kind: LocalModelServerKind; name: string; port: number }[];
  scanTooSoonText: string;
};

/** One local model server that answered, with the models it serves. */
export const LocalModelServer = z.object({
  kind: LocalModelServerKind,
  /** As shown, e.g. "Ollama". */
  name: z.string(),
  /** The OpenAI-compatible base a connection uses, e.g. http://127.0.0.1:11434/v1. */
  baseUrl: z.string(),
  /** Model ids as GET {baseUrl}/models lists them. */
  models: z.array(z.string()),
});
export type LocalModelServer = z.infer<typeof LocalModelServer>;

/** GET /api/model-settings/local-servers and POST …/local-servers/scan: what the last scan found. */
export const LocalModelServersResponse = z.object({
  success: z.literal(true),
  servers: z.array(LocalModelServer),
  /** When that scan finished (ISO). */
  scannedAt: z.string(),
});
export type LocalModelServersResponse = z.infer<typeof LocalModelServersResponse>;
