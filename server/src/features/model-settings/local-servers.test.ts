import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MODEL_SERVERS, LocalModelServersResponse } from '@cofounder/shared';
import { startFakeModelServer, type FakeModelServer } from '../../test/fake-model-servers.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import type { ProbeTarget } from '../../providers/ai/local-servers.ts';
import { isLocalMode } from './local-mode.ts';
import { localServersFor } from './local-servers.service.ts';

// Issue 23 §2: GET /api/model-settings/local-servers and "Scan again" answer what this machine's loopback runs,
// in local mode and to a client on this machine only.

const LIST = '/api/model-settings/local-servers';
const SCAN = '/api/model-settings/local-servers/scan';

let ollama: FakeModelServer;
let lmStudio: FakeModelServer;
let local: TestServer;
let remote: TestServer;
let proxied: TestServer;
let hosted: TestServer;
let founder: TestUser;
/** The scan cooldown's clock on `local`, moved by hand. */
let nowMs = Date.parse('2026-01-05T10:00:00Z');

beforeAll(async () => {
  ollama = await startFakeModelServer('ollama', ['llama3.2:latest']);
  lmStudio = await startFakeModelServer('openai', ['qwen2.5-7b-instruct']);
  const targets: ProbeTarget[] = [
    { kind: 'ollama', name: 'Ollama', port: ollama.port },
    { kind: 'lmstudio', name: 'LM Studio', port: lmStudio.port },
  ];
  local = await startTestServer({
    configure: (config) => void localServersFor(config, { targets, now: () => nowMs }),
  });
  // Same database and token issuer as `local`: the founder's bearer is valid on every server.
  const shared = {
    database: local.database,
    env: { PUBLIC_URL: local.baseUrl },
    configure: (config: TestServer['config']) => void localServersFor(config, { targets }),
  };
  remote = await startTestServer({ ...shared, clientAddress: '203.0.113.7' });
  // Behind a trusted proxy on this machine every socket is loopback: the client the proxy names decides.
  proxied = await startTestServer({ ...shared, env: { ...shared.env, TRUST_PROXY: '1' } });
  // Every provider real: not a local install, whoever asks.
  hosted = await startTestServer({
    ...shared,
    configure: (config) => {
      config.localConveniences = [];
      shared.configure(config);
    },
  });
  founder = await signedInUser(local);
}, 60_000);

afterAll(async () => {
  await Promise.all([remote, proxied, hosted].map((t) => t?.close()));
  await local?.close();
  await Promise.all([ollama, lmStudio].map((fake) => fake?.close()));
});

const notFound = async (res: Response) => {
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
};

describe('local model servers API (issue 23 §2)', () => {
  it('asks for the bearer token first', async () => {
    expect((await call(local, 'GET', LIST)).status).toBe(401);
    expect((await call(local, 'POST', SCAN)).status).toBe(401);
  });

  it('answers the founder on this machine what the scan found, then "Scan again" sees what changed', async () => {
    const res = await call(local, 'GET', LIST, { token: founder.token });
    expect(res.status).toBe(200);
    const first = LocalModelServersResponse.parse(await res.json());
    expect(first.servers).toEqual([
      {
        kind: 'ollama',
        name: 'Ollama',
        baseUrl: `http://127.0.0.1:${ollama.port}/v1`,
        models: ['llama3.2:latest'],
      },
      {
        kind: 'lmstudio',
        name: 'LM Studio',
        baseUrl: `http://127.0.0.1:${lmStudio.port}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
    ]);
    expect(first.scannedAt).toBe(new Date(nowMs).toISOString());

    // Asking again answers the same scan: nothing is probed twice.
    const probes = ollama.requests.length;
    expect(
      LocalModelServersResponse.parse(
        await (await call(local, 'GET', LIST, { token: founder.token })).json(),
      ),
    ).toEqual(first);
    expect(ollama.requests.length).toBe(probes);

    // "Scan again" straight away is refused for the cooldown, in the API's error shape with Retry-After.
    const tooSoon = await call(local, 'POST', SCAN, { token: founder.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe(String(LOCAL_MODEL_SERVERS.rescanCooldownMs / 1000));
    expect(await tooSoon.json()).toEqual({
      error: { code: 'rate_limited', message: LOCAL_MODEL_SERVERS.scanTooSoonText },
    });

    // LM Studio quits; after the cooldown "Scan again" probes anew and lists only Ollama.
    await lmStudio.close();
    nowMs += LOCAL_MODEL_SERVERS.rescanCooldownMs;
    const again = await call(local, 'POST', SCAN, { token: founder.token });
    expect(again.status).toBe(200);
    const second = LocalModelServersResponse.parse(await again.json());
    expect(second.servers.map((s) => s.name)).toEqual(['Ollama']);
    expect(second.scannedAt).toBe(new Date(nowMs).toISOString());
    expect(ollama.requests.length).toBe(probes + 2);
    // The list now answers the new scan.
    expect(
      LocalModelServersResponse.parse(
        await (await call(local, 'GET', LIST, { token: founder.token })).json(),
      ),
    ).toEqual(second);
  });

  it('is not there for a client on another machine, directly or through a proxy', async () => {
    await notFound(await call(remote, 'GET', LIST, { token: founder.token }));
    await notFound(await call(remote, 'POST', SCAN, { token: founder.token }));
    const forwarded = { token: founder.token, headers: { 'x-forwarded-for': '203.0.113.7' } };
    await notFound(await call(proxied, 'GET', LIST, forwarded));
    await notFound(await call(proxied, 'POST', SCAN, forwarded));
  });

  it('is not there outside local mode, even for this machine', async () => {
    expect(isLocalMode(hosted.config)).toBe(false);
    expect(isLocalMode(local.config)).toBe(true);
    await notFound(await call(hosted, 'GET', LIST, { token: founder.token }));
    await notFound(await call(hosted, 'POST', SCAN, { token: founder.token }));
  });
});
