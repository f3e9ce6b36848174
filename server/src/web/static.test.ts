import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS } from '@cofounder/shared';
import { startTestServer, type TestServer } from '../test/server.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

describe('web app serving', () => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cofounder-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cofounder app</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    // What scripts/precompress.mjs writes beside the build's files.
    writeFileSync(join(dist, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
    t = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  // This build has no landing.html, so "/" is index.html as before the prerendered landing page.
  it('serves files, and index.html for client-side routes', async () => {
    const asset = await fetch(`${t.baseUrl}/assets/app-123.js`);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of ['/', '/dashboard/chat', '/onboarding', '/reset-password?access_token=x', '/dev/checkout?session_id=lcs_1']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Cofounder app');
    }
  });

  it('sends the precompressed file to browsers that accept brotli, and the plain one otherwise', async () => {
    const br = await fetch(`${t.baseUrl}/assets/app-123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(await br.text()).toBe('console.log(1)');
    const plain = await fetch(`${t.baseUrl}/assets/app-123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('never answers server paths or non-HTML requests with the app', async () => {
    expect((await fetch(`${t.baseUrl}/api/nope`, { headers: html })).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/auth/v1/nope`, { headers: html })).status).toBe(404);
    expect(await (await fetch(`${t.baseUrl}/dev/mailbox/nope`, { headers: html })).text()).not.toContain('Cofounder app');
    // The two onboarding API paths answer JSON (here: 401 without a token); the wizard page itself is the app.
    const status = await fetch(`${t.baseUrl}/onboarding/123/status`, { headers: html });
    expect(status.status).toBe(401);
    expect(status.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${t.baseUrl}/onboarding/123/complete`, { method: 'POST', headers: html })).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/no/such/page`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  // Issue 25: curl, an uptime probe or a link checker sends no "Accept: text/html"; the pages answer them all the same.
  it('answers every app page whatever the Accept header', async () => {
    for (const accept of [null, '*/*', 'application/json']) {
      for (const path of [...APP_PAGE_PATHS, '/Pricing', '/dashboard/chat/']) {
        const res = await fetch(`${t.baseUrl}${path}`, { headers: accept ? { accept } : {} });
        expect(res.status, `${path} (${accept})`).toBe(200);
        expect(res.headers.get('content-type'), path).toContain('text/html');
        expect(await res.text(), path).toContain('Cofounder app');
      }
    }
  });

  it('answers other addresses with the app (its 404 screen) and status 404, and missing files with a plain 404', async () => {
    for (const path of ['/no/such/page', '/pricing/x', '/onboarding/step-2', '/dashboard/nope']) {
      for (const headers of [html, {}]) {
        const res = await fetch(`${t.baseUrl}${path}`, { headers });
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).toContain('Cofounder app');
      }
    }
    for (const path of ['/assets/app-999.js', '/favicon.ico', '/no/such/page.png']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { accept: '*/*' } });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('Cofounder app');
    }
  });
});

describe('with the prerendered landing page', () => {
  let t: TestServer;
  let dist: string;
  const landing = '<!doctype html><title>Cofounder landing</title>';
  const app = '<!doctype html><title>Cofounder app</title>';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cofounder-web-'));
    writeFileSync(join(dist, 'index.html'), app);
    writeFileSync(join(dist, 'landing.html'), landing);
    writeFileSync(join(dist, 'landing.html.br'), brotliCompressSync(landing));
    writeFileSync(join(dist, 'landing.html.gz'), gzipSync(landing));
    t = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers "/" with landing.html and every other page with index.html', async () => {
    for (const path of ['/', '/?ref=x']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('Cofounder landing');
    }
    for (const path of ['/pricing', '/dashboard', '/login']) {
      expect(await (await fetch(`${t.baseUrl}${path}`, { headers: html })).text(), path).toContain('Cofounder app');
    }
    // Whatever the client accepts (curl sends */*).
    for (const accept of ['*/*', 'application/json']) {
      expect(await (await fetch(`${t.baseUrl}/`, { headers: { accept } })).text(), accept).toContain('Cofounder landing');
    }
  });

  it('sends the precompressed landing page by Accept-Encoding', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${t.baseUrl}/`, { headers: { ...html, 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('vary'), encoding).toContain('Accept-Encoding');
      expect(await res.text(), encoding).toContain('Cofounder landing');
    }
    const plain = await fetch(`${t.baseUrl}/`, { headers: { ...html, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Cofounder landing');
  });
});

/** The public config a page carries inline (SERVER_RENDER_MARKERS.configElementId). */
function inlineConfig(page: string): unknown {
  const json = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

// Issue 26: every page of the app comes with the public config, so the app starts without asking for it.
describe('the app page', () => {
  let t: TestServer;
  let dist: string;
  const index = `<!doctype html><html><head><title data-static-meta>Cofounder app</title>
    <link rel="icon" href="/favicon.svg" /></head><body><div id="root"></div><!-- ${'x'.repeat(2000)} --></body></html>`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cofounder-web-'));
    writeFileSync(join(dist, 'index.html'), index);
    t = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('leaves the pages to the browser, with the config inline', async () => {
    const config = await (await fetch(`${t.baseUrl}/api/config`)).json();
    for (const [path, status] of [['/dashboard/chat', 200], ['/register', 200], ['/no/such/page', 404]] as const) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      expect(res.status, path).toBe(status);
      const page = await res.text();
      expect(page, path).toContain('<div id="root"></div>');
      expect(page, path).toContain('<title data-static-meta>Cofounder app</title>');
      expect(inlineConfig(page), path).toEqual(config);
    }
  });

  it('compresses the page', async () => {
    const res = await fetch(`${t.baseUrl}/register`, { headers: { ...html, 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('app-config');
  });

  it('an island page without one in the build is the SPA, rendered in the browser', async () => {
    const page = await (await fetch(`${t.baseUrl}/pricing`, { headers: html })).text();
    expect(page).toContain('<div id="root"></div>');
    expect(inlineConfig(page)).toEqual(await (await fetch(`${t.baseUrl}/api/config`)).json());
  });
});

/** The JSON a page carries in a script element of this id. */
function inlineJson(page: string, id: string): unknown {
  const json = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(page)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

// Issue 26: the island pages (ISLAND_PATHS) are the build's island.html with the page rendered by its Preact
// server bundle (dist/.ssr-islands/render.js), and the config and the page's data it was rendered with beside it.
describe('island pages', () => {
  const island = `<!doctype html><html><head>
    <!--island-head-->
    <script type="module" crossorigin src="/assets/island-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-1.js">
  </head><body><div id="root"><!--island-html--></div></body></html>`;
  const dists: string[] = [];
  /** A build with index.html, island.html and the island pages' render.js of this source. */
  function build(render: string | null): string {
    const dist = mkdtempSync(join(tmpdir(), 'cofounder-web-'));
    dists.push(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'island.html'), island);
    mkdirSync(join(dist, '.ssr-islands'));
    if (render) writeFileSync(join(dist, '.ssr-islands', 'render.js'), render);
    return dist;
  }
  const servers: TestServer[] = [];
  async function serve(render: string | null): Promise<TestServer> {
    const t = await startTestServer({ env: { WEB_DIST_DIR: build(render) } });
    servers.push(t);
    return t;
  }
  afterAll(async () => {
    for (const t of servers) await t.close();
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
  });

  // The shape of web/src/islands/render.tsx's renderIsland.
  const RENDER = `export function renderIsland(path, { config, data, origin }) {
    return {
      head: '<title>' + path + ' island</title>',
      body: '<main>' + path + ' with ' + config.modes.billing + ' billing, ' + Object.keys(data.pricing?.pricing ?? {}).join('+') + ' at ' + origin + '</main>',
    };
  }`;

  it('answers /pricing with its markup, its head, and the config and prices it was rendered with', async () => {
    const t = await serve(RENDER);
    const config = await (await fetch(`${t.baseUrl}/api/config`)).json();
    const pricing = await (await fetch(`${t.baseUrl}/api/stripe/pricing`)).json();
    const origin = new URL(t.config.publicUrl).origin;
    for (const path of ['/pricing', '/Pricing/']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const page = await res.text();
      expect(page, path).toContain(
        `<div id="root" data-server-rendered><main>/pricing with local billing, starter+builder+scale at ${origin}</main></div>`,
      );
      expect(page, path).toContain('<title>/pricing island</title>');
      expect(inlineJson(page, 'app-config'), path).toEqual(config);
      expect(inlineJson(page, 'page-data'), path).toEqual({ pricing });
      // Its script waits for the first paint (deferred-modules.ts), as a server-rendered page's does.
      expect(page, path).not.toContain('<script type="module"');
      expect(inlineJson(page, 'app-modules'), path).toEqual({ entry: '/assets/island-1.js', preload: ['/assets/jsx-runtime-1.js'] });
    }
    // /contact and /login have no data of their own; a 404 stays the SPA's.
    for (const path of ['/contact', '/login']) {
      const page = await (await fetch(`${t.baseUrl}${path}`)).text();
      expect(page, path).toContain(`<div id="root" data-server-rendered><main>${path} with local billing,  at ${origin}</main></div>`);
      expect(inlineJson(page, 'page-data'), path).toEqual({});
    }
    const missing = await fetch(`${t.baseUrl}/no/such/page`, { headers: html });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
    expect((await fetch(`${t.baseUrl}/.ssr-islands/render.js`)).status).toBe(404);
  });

  it('falls back to the SPA when the render fails or the build has none', async () => {
    const breaks = 'export function renderIsland() { throw new Error("this render breaks"); }';
    for (const t of [await serve(breaks), await serve(null)]) {
      const config = await (await fetch(`${t.baseUrl}/api/config`)).json();
      for (const path of ['/pricing', '/contact', '/login']) {
        const page = await (await fetch(`${t.baseUrl}${path}`, { headers: html })).text();
        expect(page, path).toContain('<div id="root"></div>');
        expect(page, path).not.toContain('island');
        expect(inlineConfig(page), path).toEqual(config);
      }
    }
  });
});

describe('without a web build', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { WEB_DIST_DIR: join(tmpdir(), 'cofounder-no-such-dist') } });
  });
  afterAll(() => t.close());

  it('explains how to build it', async () => {
    const res = await fetch(`${t.baseUrl}/login`, { headers: html });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
