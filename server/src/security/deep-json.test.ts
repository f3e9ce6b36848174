import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@cofounder/shared';
import { givePlan } from '../test/billing.ts';
import { fillPath, routeTable } from '../test/route-table.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { signedInUser, type TestUser } from '../test/users.ts';

// Issue 20 §3: a deeply nested body overflowed the stack of the recursive NUL check (500 and a stack trace per
// request, unauthenticated routes included). Every body-reading route now answers 400 with a JSON error.

const DEPTH = 10_000;
const BODIES = {
  arrays: '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  objects: '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
};

let t: TestServer;
let a: TestUser;
const logged: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  t = await startTestServer({ log: pino({ level: 'info' }, sink) });
  a = await signedInUser(t);
  await givePlan(t.database, a.id, 'builder');
}, 60_000);

afterAll(() => t?.close());

describe('deeply nested JSON (issue 20 §3)', () => {
  it('gets 400 with a JSON error on every body-reading route, and logs no error', async () => {
    const routes = routeTable(t.app).filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && /^\/(api|auth|transcription)\//.test(r.path),
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const path = fillPath(route, (param) => (param === 'platform' ? 'twitter' : a.id));
      for (const [shape, body] of Object.entries(BODIES)) {
        // Unauthenticated first (the public routes read the body before any check), then as the founder.
        for (const token of [null, a.token]) {
          const res = await fetch(`${t.baseUrl}${path}`, {
            method: route.method,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body,
          });
          const json = (await res.json().catch(() => null)) as { error?: { message?: string }; msg?: string } | null;
          const message = json?.error?.message ?? json?.msg ?? '';
          const refused = res.status === 400 && message.includes(`nested deeper than ${AUTH.maxJsonDepth}`);
          // Without a token a private route stops at 401 before reading anything: also a clear answer.
          if (!refused && !(token === null && res.status === 401)) wrong.push(`${route.method} ${route.path} ${shape} → ${res.status} ${message}`);
        }
      }
    }
    console.log(`deep JSON: ${routes.length} routes × 2 shapes × 2 callers, answers other than 400/401 = ${wrong.length} (threshold 0)`);
    expect(routes.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    const errors = logged.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    expect(logged.join('\n')).not.toContain('Maximum call stack');
  }, 300_000);

  it('still takes a body nested as deep as the limit allows', async () => {
    let nested: unknown = 'x';
    for (let i = 1; i < AUTH.maxJsonDepth; i += 1) nested = [nested];
    const res = await fetch(`${t.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello', extra: nested }),
    });
    // Reaches the route's own validation: not the nesting refusal.
    expect(res.status).not.toBe(500);
    const json = (await res.json()) as { error?: { message?: string } };
    expect(json.error?.message ?? '').not.toContain('nested deeper');
  });
});
