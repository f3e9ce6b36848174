import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import pino from 'pino';
import { latestMail, uniqueEmail, verifyLinkOf } from '../test/mail.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { CLOSE_UNAUTHORIZED, startMonitor, type Monitor } from './monitor.ts';

let t: TestServer;
let monitor: Monitor;
beforeAll(async () => {
  t = await startTestServer();
  monitor = await startMonitor({ port: 0, host: '127.0.0.1', verifier: t.app.verifier, log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await monitor.close();
  await t.close();
});

function connect(query: string): Promise<{ messages: string[]; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${monitor.port}/${query}`);
    const messages: string[] = [];
    socket.on('message', (data) => {
      messages.push(String(data));
      socket.close(1000);
    });
    socket.on('close', (code) => resolve({ messages, code }));
    socket.on('error', reject);
  });
}

describe('monitor socket', () => {
  it('closes with 4401 without a valid token', async () => {
    expect((await connect('')).code).toBe(CLOSE_UNAUTHORIZED);
    expect((await connect('?token=not-a-real-token-at-all')).code).toBe(CLOSE_UNAUTHORIZED);
    expect((await connect(`?token=${t.anonKey}`)).code).toBe(CLOSE_UNAUTHORIZED);
  });

  it('greets a signed-in user with hello', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: 'Str0ng!pass' });
    await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)), { redirect: 'manual' });
    const { data } = await t.supabase().auth.signInWithPassword({ email, password: 'Str0ng!pass' });
    const result = await connect(`?token=${data.session!.access_token}`);
    expect(result.messages.map((m) => JSON.parse(m))).toEqual([{ type: 'hello', userId: data.user!.id }]);
    expect(result.code).toBe(1000);
  });
});
