import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), siteFiles()],
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
    // dist/.vite/manifest.json: which chunks each module needs, read by scripts/landing-budget.mjs.
    manifest: true,
    rolldownOptions: {
      // Two pages: the SPA, and the landing page "/" (prerendered and hydrated without the SPA's runtime: issue 9,
      // scripts/prerender-landing.mjs).
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        landing: fileURLToPath(new URL('landing.html', import.meta.url)),
      },
      // @cofounder/shared is TS source without a package "sideEffects" flag; its modules only declare things, so
      // let the bundler drop unused ones (the shared/ui barrel would otherwise pull the dialog into the entry).
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      // Big libraries every page needs get their own long-cached chunks instead of one oversized entry.
      output: {
        codeSplitting: {
          groups: [
            // React itself is shared with the landing page; the router is the SPA's only.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // tslib serves supabase-js and the Radix menus alike: on its own, the account menu does not pull
            // supabase-js in with it.
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/ },
            // With src/app/zod-jitless.ts, so zod is switched to jitless before any chunk builds a schema with it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
