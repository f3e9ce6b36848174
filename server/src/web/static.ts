import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import {
  isAppPagePath,
  islandPath,
  type IslandPageData,
  type IslandPath,
  type PublicConfig,
} from '@cofounder/shared';
import { escapeHtml } from '../html.ts';
import { ONBOARDING_API_PATH } from '../http/api-guard.ts';
import type { AppPage } from './app-page.ts';
import type { IslandPage } from './island-page.ts';

/**
 * Paths the server owns; the web app's history fallback never answers for them. Of /dev only the mailbox is the
 * server's: /dev/checkout (the local checkout) is a page of the web app.
 */
const SERVER_PATHS = /^\/(api|auth|dev\/mailbox|transcription|webhooks)(\/|$)/;

/** A file name's extension in the last segment: a missing asset (or favicon), never a page. */
const FILE_PATH = /\.[^/.]+$/;

function notBuiltPage(dir: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cofounder: web app not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 24px}code{background:#8882;padding:2px 6px;border-radius:4px}</style></head>
<body><h1>The web app is not built yet</h1>
<p>This server is running (the API answers at <a href="/api/health">/api/health</a>), but it found no built dashboard in <code>${escapeHtml(dir)}</code>.</p>
<p>Run <code>npm run build</code> (or just <code>npm start</code>, which builds what is missing) from the repository root, then reload this page.</p>
</body></html>`;
}

/** What the page of the app needs besides the build: the request's public config, and the page maker. */
export interface AppPages {
  page: AppPage;
  island: IslandPage;
  /** What each island page is rendered with besides the config (its first render asks the API for nothing). */
  islandData: Record<IslandPath, () => IslandPageData>;
  publicConfig: (ctx: Context) => Promise<PublicConfig>;
}

/**
 * Serves the built web app (WEB_DIST_DIR) on the API's origin. Files are served as they are (hashed assets
 * cached for a year); a GET of one of the app's pages (APP_PAGE_PATHS) gets index.html whatever its Accept header,
 * so client-side routes work on reload and for curl or an uptime probe, except "/", which gets the prerendered
 * landing.html when the build has one, and the island pages (ISLAND_PATHS) their own page (island-page.ts).
 * index.html carries the request's public config (app-page.ts). Any other address asked for as a page gets index.html with status 404:
 * the app shows its 404 screen. Without a build it explains how to make one instead of a bare 404.
 */
export function webApp(dir: string, { page: appPage, island, islandData, publicConfig }: AppPages): Middleware {
  const files = serve(dir, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // koa-send picks file.br / file.gz by Accept-Encoding: caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const noop = async () => undefined;
  return async (ctx, next) => {
    const serverPath = SERVER_PATHS.test(ctx.path) || ONBOARDING_API_PATH.test(ctx.path);
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || serverPath) return next();
    if (existsSync(dir)) await files(ctx, noop);
    if (ctx.body != null) return;
    const isPage = isAppPagePath(ctx.path);
    // A missing file, or a client that takes no HTML (an API call to a wrong address), gets a plain 404.
    if (!isPage && (FILE_PATH.test(ctx.path) || !ctx.accepts('html'))) return next();
    // "/" is the prerendered landing page when the build has one (web/landing.html, issue 9): it shows without the
    // SPA's runtime. Every other page, and "/" of an older build, is the SPA's index.html.
    const landing = join(dir, 'landing.html');
    const isLanding = ctx.path === '/' && existsSync(landing);
    const index = join(dir, 'index.html');
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    if (isLanding) {
      ctx.status = 200;
      ctx.vary('Accept-Encoding');
      // The build writes landing.html.br / .gz beside it (scripts/precompress.mjs), as for every asset.
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      if (suffix && existsSync(landing + suffix)) {
        ctx.set('Content-Encoding', encoding as string);
        ctx.body = await readFile(landing + suffix);
      } else {
        ctx.body = await readFile(landing);
      }
    } else if (existsSync(index)) {
      ctx.status = isPage ? 200 : 404;
      const config = await publicConfig(ctx);
      // An island page (issue 26) is its own small page; without one in the build, or when it fails to render, the
      // SPA renders it in the browser.
      const islandAt = isPage ? islandPath(ctx.path) : null;
      const islandPage = islandAt && (await island(islandAt, config, islandData[islandAt]()));
      // Made per config (compressed by the compression middleware).
      ctx.body = islandPage ?? (await appPage(config));
    } else {
      ctx.status = 503;
      ctx.body = notBuiltPage(dir);
    }
  };
}
