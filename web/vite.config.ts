import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API, the local auth server and the dev mailbox live on the Koa server; proxying them keeps
// the browser on one origin, exactly as in production where the server serves web/dist itself.
const serverUrl = process.env.SERVER_URL ?? 'http://localhost:3000';

/** The pages search engines may list (spec 1 §2's public marketing routes). */
const SITEMAP_PATHS = ['/', '/pricing', '/contact', '/terms', '/privacy', '/careers'];
/** Signed-in areas and the server's own paths, never worth crawling. */
const ROBOTS_DISALLOW = ['/dashboard', '/api', '/auth', '/dev', '/onboarding'];

/**
 * robots.txt and sitemap.xml need absolute URLs, and the origin is only known where the app is deployed: both are
 * written at build time from PUBLIC_URL (the server's own setting, default http://localhost:3000), served the same
 * way by the dev server, and `%PUBLIC_URL%` in index.html (the og:image and canonical defaults) gets the same origin.
 */
function siteFiles(): Plugin {
  const origin = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const files: Record<string, { type: string; body: string }> = {
    'robots.txt': {
      type: 'text/plain',
      body: [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    },
    'sitemap.xml': {
      type: 'application/xml',
      body: [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...SITEMAP_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n'),
    },
  };
  return {
    name: 'cofounder-site-files',
    transformIndexHtml: (html) => html.replaceAll('%PUBLIC_URL%', origin),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[(req.url ?? '').replace(/^\//, '')];
        if (!file) return next();
        res.setHeader('content-type', file.type);
        res.end(file.body);
      });
    },
    generateBundle() {
      for (const [fileName, { body }] of Object.entries(files))
        this.emitFile({ type: 'asset', fileName, source: body });
    },
  };
}

/**
 * What every page's head starts with, where its HTML says <!--page-head-->: the charset, viewport, colour scheme
 * and icons. The pages rendered before any script runs (landing.html, island.html) then apply the stored theme
 * (localStorage "theme": dark, light or system; dark by default, as in src/features/theme/theme.ts) before the
 * first paint, where they say <!--theme-before-paint-->; ThemeProvider takes over after hydration. One text, so the
 * server's CSP allows it by one hash.
 */
function pageHead(): Plugin {
  const head = `<meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="dark light" />
    <meta name="theme-color" content="#020617" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    <link rel="manifest" href="/site.webmanifest" />`;
  const theme = `<script>
      try {
        var t = localStorage.getItem('theme');
        var dark =
          t === 'light' ? false : t === 'system' ? matchMedia('(prefers-color-scheme: dark)').matches : true;
        document.documentElement.classList.toggle('dark', dark);
      } catch (e) {}
    </script>`;
  return {
    name: 'cofounder-page-head',
    transformIndexHtml: (html) =>
      html.replace('<!--page-head-->', () => head).replace('<!--theme-before-paint-->', () => theme),
  };
}

/** The mode of the landing page's own build (`vite build --mode landing`, after the SPA's). */
const LANDING_MODE = 'landing';

// @cofounder/shared is TS source without a package "sideEffects" flag; its modules only declare things, so let the
// bundler drop unused ones (the shared/ui barrel would otherwise pull the dialog into the entry).
const sharedTreeshake = { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] };

/**
 * The landing page swaps React for Preact (preact/compat: ~10 KB gzip against React's 66). It is prerendered and
 * its client work is a few islands — theme, mobile menu, FAQ, the signed-in header — so the same components
 * hydrate with Preact here and render with React in the SPA (whose own "/" route uses them too).
 */
const PREACT_ALIASES = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/**
 * "/" (issue 9, issue 27) and the island pages (issue 26): landing.html and island.html, built into the SPA's dist
 * without emptying it. Its manifest has its own name (read by scripts/landing-budget.mjs).
 */
const landing: UserConfig = {
  plugins: [react(), tailwindcss(), pageHead()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/landing-manifest.json',
    rolldownOptions: {
      input: {
        landing: fileURLToPath(new URL('landing.html', import.meta.url)),
        island: fileURLToPath(new URL('island.html', import.meta.url)),
      },
      treeshake: sharedTreeshake,
    },
  },
};

/**
 * The same pages' server bundle (`vite build --mode landing --ssr src/islands/render.tsx`) in dist/.ssr-islands, a
 * hidden folder the static server never serves: every dependency bundled, so that none of them reaches React and
 * the server runs it with nothing but Node. The build prerenders "/" with it; the server renders island pages.
 */
const landingRender: UserConfig = {
  plugins: [react(), tailwindcss()],
  resolve: { alias: PREACT_ALIASES },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/.ssr-islands',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { treeshake: sharedTreeshake },
  },
};

const spa: UserConfig = {
  // The dev server serves landing.html and island.html with this config too.
  plugins: [react(), tailwindcss(), siteFiles(), pageHead()],
  // react-toastify without the stylesheet its JS injects (3 KB gzip of JS on every page): main.tsx imports the
  // same CSS as a file, where it is cached with the app's own.
  resolve: { alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }] },
  server: {
    port: 5173,
    proxy: {
      // The local voice call's socket (listed before /api: the first matching prefix wins).
      '/api/voice/local-call': { target: serverUrl, ws: true },
      '/api': serverUrl,
      '/auth': serverUrl,
      // /dev/checkout and /dev/billing are pages of this app (the local checkout and billing portal); the rest of
      // /dev (the mailbox) is the server's.
      '^/dev/(?!checkout|billing)': serverUrl,
      // The onboarding status calls sit outside /api (spec 1 §7); /onboarding itself is a page of this app.
      '^/onboarding/[^/]+/(status|complete)$': serverUrl,
      // Transcription too (spec 1 §7: /transcription and /transcription/status); no page has that path.
      '/transcription': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each module needs.
    manifest: true,
    rolldownOptions: {
      // The SPA; the landing page "/" is built after it in its own mode (LANDING_MODE). The dev server serves
      // landing.html with React.
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)) },
      treeshake: sharedTreeshake,
      // Big libraries every page needs get their own long-cached chunks instead of one oversized entry.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // tslib serves supabase's auth client and the Radix menus alike: on its own, the account menu does not
            // pull the auth client in with it.
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/ },
            // With src/app/zod-jitless.ts, so zod is switched to jitless before any chunk builds a schema with it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/ },
            // The route contract and the schemas only it and the pages need, in one chunk loaded with the first API
            // call (shared/src/api/call.ts) instead of with every page: building them all took 35 ms of a start-up.
            // Captured without their imports, and without what the entry itself reads at start (contract/define.ts
            // and the config, chat, extension and onboarding schemas): one of those in here would make the entry
            // load the whole chunk again.
            {
              name: 'contract',
              test: /shared[\\/]src[\\/](api[\\/]contract(?![\\/]define)|schemas[\\/](?!config|chat|extension|onboarding)\w)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ mode, isSsrBuild }) =>
  mode === LANDING_MODE ? (isSsrBuild ? landingRender : landing) : spa,
);
