import { createServer, request, type Server } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_HEADER, startEgressProxy, type EgressProxy } from './egress-proxy.ts';
import { normaliseAllowHosts, systemLookup } from './net-guard.ts';

// The egress proxy on its own, spoken to as Chromium speaks to it: absolute-form requests and CONNECT tunnels.
// A canary on loopback (not allow-listed) counts every request that reaches it: it must stay at 0.

function listen(server: Server, host = '127.0.0.1', port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as { port: number }).port));
  });
}

interface Answer {
  status: number;
  blocked: string | undefined;
  body: string;
}

function viaProxy(proxyPort: number, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, path: target, headers: { host: new URL(target).host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, blocked: res.headers[BLOCKED_HEADER] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function tunnel(proxyPort: number, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target, headers });
    req.on('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        return resolve({ status: res.statusCode!, blocked: res.headers[BLOCKED_HEADER] as string | undefined, body: '' });
      }
      // Speak plain HTTP through the tunnel.
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (c) => (raw += c));
      socket.on('end', () => resolve({ status: 200, blocked: undefined, body: raw.split('\r\n\r\n')[1] ?? '' }));
      socket.write(`GET /hello HTTP/1.1\r\nhost: ${target}\r\nconnection: close\r\n\r\n`);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('egress proxy', () => {
  const fixture = createServer((_req, res) => res.end('fixture ok'));
  const canary = createServer((_req, res) => {
    canaryHits++;
    res.end('canary');
  });
  let canaryHits = 0;
  let fixturePort = 0;
  let canaryPort = 0;
  let proxy: EgressProxy;

  beforeAll(async () => {
    fixturePort = await listen(fixture);
    canaryPort = await listen(canary);
    proxy = await startEgressProxy({
      allowHosts: normaliseAllowHosts([`127.0.0.1:${fixturePort}`, `pinned.test:${fixturePort}`]),
      log: pino({ level: 'silent' }),
      // pinned.test exists only in this lookup: reaching the fixture through it proves the proxy connects to
      // the address it checked rather than asking DNS again.
      lookup: async (host) => (host === 'pinned.test' ? [{ address: '127.0.0.1', family: 4 }] : systemLookup(host)),
    });
  });
  afterAll(async () => {
    await proxy.close();
    fixture.close();
    canary.close();
  });

  it('forwards plain http and tunnels to an allow-listed host:port', async () => {
    expect(await viaProxy(proxy.port, `http://127.0.0.1:${fixturePort}/hello`)).toMatchObject({ status: 200, body: 'fixture ok' });
    expect(await tunnel(proxy.port, `127.0.0.1:${fixturePort}`)).toMatchObject({ status: 200, body: 'fixture ok' });
    expect(await viaProxy(proxy.port, `http://pinned.test:${fixturePort}/hello`)).toMatchObject({ status: 200, body: 'fixture ok' });
  });

  it('refuses loopback in every spelling, over http and CONNECT, and the canary sees nothing', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost', '[::1]']) {
      const plain = await viaProxy(proxy.port, `http://${host}:${canaryPort}/`);
      expect(plain.status, host).toBe(403);
      expect(plain.blocked, host).toBe(`port ${canaryPort} is not allowed`);
      expect((await tunnel(proxy.port, `${host}:${canaryPort}`)).status, host).toBe(403);
    }
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.1', '0.0.0.0', '[::ffff:127.0.0.1]']) {
      const plain = await viaProxy(proxy.port, `http://${host}/`);
      expect(plain, host).toMatchObject({ status: 403, blocked: expect.stringMatching(/^private address /) });
      expect(plain.body).toMatch(/^Blocked: private address /);
      expect((await tunnel(proxy.port, `${host}:443`)).blocked, host).toMatch(/^private address /);
    }
    expect(proxy.refusalFor('169.254.169.254')).toBe('private address 169.254.169.254');
    expect(canaryHits).toBe(0);
  });

  it('answers 502, not a refusal, for a name that does not resolve', async () => {
    expect(await viaProxy(proxy.port, 'http://nowhere.invalid/')).toMatchObject({ status: 502, blocked: undefined });
    expect(await tunnel(proxy.port, 'nowhere.invalid:443')).toMatchObject({ status: 502, blocked: undefined });
  });

  it('answers 400 to anything that is not a proxy request', async () => {
    const res = await viaProxy(proxy.port, `http://127.0.0.1:${proxy.port}/`).catch(() => null);
    expect(res?.status).toBe(403);
    const direct = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: proxy.port, path: '/' }, (r) => resolve(r.statusCode!)).end();
    });
    expect(direct).toBe(400);
  });

  it('with credentials (a CDP pool reaches it beyond loopback), answers 407 to anyone without them', async () => {
    const guarded = await startEgressProxy({
      allowHosts: normaliseAllowHosts([`127.0.0.1:${fixturePort}`]),
      log: pino({ level: 'silent' }),
      credentials: { username: 'machines', password: 'a-long-random-secret' },
    });
    try {
      const basic = (user: string, pass: string) => ({ 'proxy-authorization': `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });
      const target = `http://127.0.0.1:${fixturePort}/hello`;
      expect((await viaProxy(guarded.port, target)).status).toBe(407);
      expect((await viaProxy(guarded.port, target, basic('machines', 'a-wrong-secret'))).status).toBe(407);
      expect((await tunnel(guarded.port, `127.0.0.1:${fixturePort}`)).status).toBe(407);
      expect(await viaProxy(guarded.port, target, basic('machines', 'a-long-random-secret'))).toMatchObject({ status: 200, body: 'fixture ok' });
      expect(await tunnel(guarded.port, `127.0.0.1:${fixturePort}`, basic('machines', 'a-long-random-secret'))).toMatchObject({ status: 200, body: 'fixture ok' });
      // Authorised is not allowed: the address checks still apply.
      expect((await viaProxy(guarded.port, 'http://169.254.169.254/', basic('machines', 'a-long-random-secret'))).status).toBe(403);
    } finally {
      await guarded.close();
    }
  });
});
