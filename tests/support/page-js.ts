import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/** The web build the product serves. */
export const WEB_DIST = join(import.meta.dirname, '../../web/dist');

/** What the dashboard chat route may load, gzip (issue 13 §11, tightened by issue 27). */
export const DASHBOARD_CHAT_JS_BUDGET_KB = 200;

export interface LoadedScript {
  path: string;
  /** Bytes of the built file gzipped here, as the server's .gz beside it is. */
  gzip: number;
}

/**
 * Every script `page` fetches from its own server while `load` runs, largest first: what a founder's browser
 * downloads (specs/budgets.spec.ts and bench/web-js.bench.ts measure the dashboard chat route this way).
 */
export async function scriptsLoadedBy(page: Page, load: () => Promise<void>): Promise<LoadedScript[]> {
  const paths = new Set<string>();
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === new URL(page.url()).origin) paths.add(url.pathname);
  };
  page.on('response', onResponse);
  try {
    await load();
  } finally {
    page.off('response', onResponse);
  }
  return [...paths].map((path) => ({ path, gzip: gzipSync(readFileSync(join(WEB_DIST, path))).length })).sort((a, b) => b.gzip - a.gzip);
}
