import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { DEFERRED_MODULE_LOADER } from '../web/deferred-modules.ts';

// A stand-in build: the landing page carries an inline theme snippet like web/landing.html's.
const THEME = "\n  document.documentElement.classList.toggle('dark', true);\n";
const webDist = mkdtempSync(join(tmpdir(), 'cofounder-csp-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'landing.html'),
  `<!doctype html><html><head><script>${THEME}</script></head><body></body></html>`,
);
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/main.js"></script></head></html>',
);
const themeHash = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
// The one inline script the server adds itself: server-rendered pages load the app after their first paint.
const loaderHash = `'sha256-${createHash('sha256').update(DEFERRED_MODULE_LOADER).digest('base64')}'`;

const PAGES = ['/', '/login', '/dashboard/chat', '/dev/checkout'];

let t: TestServer;
let proxied: TestServer;
let hosted: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  // The other two run on the same database: only their config differs.
  proxied = await startTestServer({ env: { WEB_DIST_DIR: webDist, TRUST_PROXY: '1' }, database: t.database });
  hosted = await startTestServer({
    database: t.database,
    env: {
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key-anon-key-anon-key',
      SUPABASE_JWT_SECRET: 'supabase-secret-supabase-secret-0123',
      VOICE_OPENAI_API_KEY: 'sk-test-voice',
    },
  });
});
afterAll(async () => {
  await hosted?.close();
  await proxied?.close();
  await t?.close();
});

const page = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html', ...headers } });

/** The CSP as directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('browser security headers', () => {
  it.each([...PAGES, '/api/health', '/api/tasks', '/assets/missing.js'])(
    '%s: nosniff, never framed, strict referrer',
    async (path) => {
      const res = await page(t, path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toBe(
        'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
      );
    },
  );

  it.each(PAGES)('%s: scripts only from this origin, the build’s own inline snippet or the module loader', async (path) => {
    const res = await page(t, path);
    expect(res.status).toBe(200);
    const policy = csp(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", themeHash, loaderHash]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('the dev mailbox keeps its own stricter policy (no script at all) and is never framed either', async () => {
    const res = await page(t, '/dev/mailbox');
    expect(res.status).toBe(200);
    expect(csp(res).get('default-src')).toEqual(["'none'"]);
    expect(csp(res).has('script-src')).toBe(false);
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('connects to this host’s monitor port by the name the browser used, and by default to nothing else but OpenAI (a founder’s own calls)', async () => {
    const port = new URL(t.baseUrl).port;
    const res = await fetch(`http://localhost:${port}/dashboard/chat`, { headers: { accept: 'text/html' } });
    const monitor = t.config.monitorPort;
    expect(csp(res).get('connect-src')).toEqual([
      "'self'",
      `ws://localhost:${monitor}`,
      `wss://localhost:${monitor}`,
      // A founder who connects OpenAI in Settings → Model opens their realtime calls with it.
      'https://api.openai.com',
    ]);
  });

  it('with hosted auth and voice: Supabase (https and wss) and OpenAI’s realtime endpoint', async () => {
    const connect = csp(await page(hosted, '/dashboard/chat')).get('connect-src');
    expect(connect).toEqual(
      expect.arrayContaining([
        'https://abcd.supabase.co',
        'wss://abcd.supabase.co',
        'https://api.openai.com',
      ]),
    );
  });

  it('HSTS only for HTTPS through a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const hsts = (res: Response) => res.headers.get('strict-transport-security');
    expect(hsts(await page(proxied, '/', https))).toBe('max-age=31536000; includeSubDomains');
    expect(hsts(await page(proxied, '/api/health', https))).toBe('max-age=31536000; includeSubDomains');
    expect(hsts(await page(proxied, '/'))).toBeNull();
    // Without TRUST_PROXY the header is the client's word, not the connection's.
    expect(hsts(await page(t, '/', https))).toBeNull();
  });
});
