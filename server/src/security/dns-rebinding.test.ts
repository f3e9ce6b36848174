import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_NOT_ALLOWED_TEXT, LOCAL_CALL_PATH } from '@cofounder/shared';
import { startTestServer, type TestServer } from '../test/server.ts';
import { signedInUser } from '../test/users.ts';

// DNS rebinding: a page the founder opens at evil.example re-points that name at 127.0.0.1 and reads what this
// machine's server answers. The browser still sends `Host: evil.example`, so a local install answers only to the
// names it is known by. Node's http.request is used because it sends the Host it is given, as a browser would.

let t: TestServer;
let named: TestServer;
let port: string;

beforeAll(async () => {
  t = await startTestServer();
  port = new URL(t.baseUrl).port;
  named = await startTestServer({
    database: t.database,
    env: { PUBLIC_URL: 'http://cofounder.test:8080', ALLOWED_HOSTS: 'team.lan, .corp.example' },
  });
  await signedInUser(t); // the mailbox holds that founder's confirmation mail
}, 60_000);

afterAll(async () => {
  await named?.close();
  await t?.close();
});

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** A request from this machine to `server` that names `host` in its Host header. */
function send(server: TestServer, path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A WebSocket handshake's status line. */
function upgrade(server: TestServer, path: string, host: string): Promise<number> {
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        host,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const refusedJson = (answer: Answer) => {
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body)).toEqual({ error: { code: 'forbidden', message: HOST_NOT_ALLOWED_TEXT } });
};

describe('a local install answers only to the names it is known by', () => {
  it('a rebound name reads no mail, no API and no page, even from this machine', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, 'EVIL.example.', 'localhost.evil.example']) {
      refusedJson(await send(t, '/dev/mailbox/messages', host));
      refusedJson(await send(t, '/api/health', host));
      refusedJson(await send(t, '/api/config', host));
    }
    const page = await send(t, '/dev/mailbox', 'evil.example', { accept: 'text/html' });
    expect(page.status).toBe(403);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('does not answer to that host name');
    expect(page.body).not.toContain('evil.example');
  });

  it('localhost, its subdomains and IP addresses still answer', async () => {
    for (const host of [`localhost:${port}`, 'localhost', `app.localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, '10.1.2.3']) {
      const mail = await send(t, '/dev/mailbox/messages', host);
      expect(mail.status, host).toBe(200);
      expect(JSON.parse(mail.body)).not.toEqual([]);
      expect((await send(t, '/api/health', host)).status, host).toBe(200);
    }
  });

  it("PUBLIC_URL's host and the names in ALLOWED_HOSTS answer; look-alikes do not", async () => {
    for (const host of ['cofounder.test:8080', 'cofounder.test', 'team.lan', 'corp.example', 'eu.corp.example']) {
      expect((await send(named, '/api/health', host)).status, host).toBe(200);
    }
    for (const host of ['cofounder.test.evil.example', 'evilteam.lan', 'team.lan.evil.example', 'corp.example.evil.example', 'evilcorp.example']) {
      refusedJson(await send(named, '/api/health', host));
    }
  });

  it('the voice call socket refuses a handshake under an unknown name', async () => {
    expect(await upgrade(t, LOCAL_CALL_PATH, 'evil.example')).toBe(403);
    // Under a known name the handshake reaches the call socket itself (which then asks for a token).
    expect(await upgrade(t, LOCAL_CALL_PATH, `localhost:${port}`)).not.toBe(403);
  });
});
