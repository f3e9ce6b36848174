import { z } from 'zod';
import { LOCAL_MODEL_SERVERS, type LocalModelServer, type LocalModelServerKind } from '@cofounder/shared';

/** One port to probe: a dialect's name and where it listens (its default port, or a test's fake server). */
export interface ProbeTarget {
  kind: LocalModelServerKind;
  name: string;
  port: number;
}

export interface ScanOptions {
  /** Default: every dialect on its default port (LOCAL_MODEL_SERVERS.servers). */
  targets?: readonly ProbeTarget[];
  timeoutMs?: number;
}

/** OpenAI's GET /v1/models (LM Studio, llama.cpp server, vLLM and Ollama's /v1 all answer it). */
const OpenAiModelList = z.object({ data: z.array(z.object({ id: z.string().min(1) })) });
/** Ollama's own GET /api/tags: proves the port speaks Ollama, not just something OpenAI-shaped. */
const OllamaTags = z.object({ models: z.array(z.object({ name: z.string().min(1) })) });

/** The JSON a loopback URL answers, if it answers 200 with a body of this shape within the signal; else null. */
async function getJson<T>(url: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T | null> {
  try {
    // A model server answers its list directly: a redirect could lead off this machine, so it counts as no answer.
    const res = await fetch(url, { signal, redirect: 'error', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const parsed = schema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // refused, timed out, not JSON
  }
}

async function probe(target: ProbeTarget, timeoutMs: number): Promise<LocalModelServer | null> {
  const origin = `http://${LOCAL_MODEL_SERVERS.host}:${target.port}`;
  const baseUrl = `${origin}/v1`;
  const signal = AbortSignal.timeout(timeoutMs);
  const [list, tags] = await Promise.all([
    getJson(`${baseUrl}/models`, OpenAiModelList, signal),
    target.kind === 'ollama' ? getJson(`${origin}/api/tags`, OllamaTags, signal) : null,
  ]);
  if (!list || (target.kind === 'ollama' && !tags)) return null;
  return { kind: target.kind, name: target.name, baseUrl, models: list.data.map((model) => model.id) };
}

/**
 * Probes this machine's loopback for local model servers, all ports at once, each within the timeout, and lists
 * those that answered their dialect's model list. Only ever 127.0.0.1: the ports are injectable, the host is not.
 */
export async function scanLocalModelServers(options: ScanOptions = {}): Promise<LocalModelServer[]> {
  const targets = options.targets ?? LOCAL_MODEL_SERVERS.servers;
  const timeoutMs = options.timeoutMs ?? LOCAL_MODEL_SERVERS.probeTimeoutMs;
  const found = await Promise.all(targets.map((target) => probe(target, timeoutMs)));
  return found.filter((server) => server !== null);
}

/** The start-up banner's line: what was found, or which ports were tried. */
export function describeLocalModelServers(
  servers: LocalModelServer[],
  targets: readonly ProbeTarget[] = LOCAL_MODEL_SERVERS.servers,
): string {
  if (servers.length === 0) {
    return `ai: no local model server found (${targets.map((t) => `${t.name} ${t.port}`).join(', ')})`;
  }
  const each = servers.map(
    (s) => `${s.name} (${s.models.length > 0 ? s.models.join(', ') : 'no models'}) at ${s.baseUrl}`,
  );
  return `ai: local model servers found: ${each.join('; ')}`;
}
