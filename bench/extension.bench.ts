// The extension popup, in Debian's Chromium with the built extension (`npm run build -w extension` first; this
// builds nothing itself):
//  1. the JS popup.html loads, gzip: what the first paint needs (the entry chunk and its static imports), and
//     what an open popup loads in each of its states: the app (imported after the first paint) plus the view
//     the state imports lazily (signed in: the connections section; signed out: the sign-in form and its auth
//     library). Budget 120 KB for each state;
//  2. time from opening popup.html to the task counts painted from the cache (storage seeded, server
//     unreachable), against a blank extension page loaded in the same run; goal ≤ 100 ms (median, issue 27).
// BENCH_SMOKE=1: one load of each page.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../tests/playwright.config.ts';
import { EXTENSION_DIR } from '../tests/fixtures/extension.ts';
import { exitCode, row, size } from './report.ts';
import { popupChunks } from '../scripts/popup-chunks.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? size(30, 1));
const WARMUP = size(3, 0);
const BUDGET_KB = 120;
const GOAL_MS = 100;
const BLANK_PAGE = 'bench-blank.html';

const kb = (bytes: number) => bytes / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(join(EXTENSION_DIR, 'popup.html'))) {
  console.error(`No extension build at ${EXTENSION_DIR}: run \`npm run build -w extension\` first.`);
  process.exit(1);
}

// 1. Bytes: popup.html's module script and the chunks it imports, statically and with import() (scripts/popup-chunks.mjs).
const { firstPaint: firstPaintFiles, states: stateFiles, gzip: gzipOf } = popupChunks(EXTENSION_DIR);
console.log(`popup JS for the first paint: ${[...firstPaintFiles].join(', ')}`);
row({ figure: 'popup JS for the first paint, gzip', value: kb(gzipOf(firstPaintFiles)), unit: 'KB', goal: { of: 'value', max: BUDGET_KB } });
for (const { name, files } of stateFiles) {
  const extra = [...files].filter((f) => !firstPaintFiles.has(f));
  console.log(`popup JS ${name}: first paint + ${extra.join(', ')}`);
  row({ figure: `popup JS ${name}, gzip`, value: kb(gzipOf(files)), unit: 'KB', goal: { of: 'value', max: BUDGET_KB } });
}

// 2. Time: a copy of the build with one blank page beside the popup, so the shipped build stays untouched.
const dir = mkdtempSync(join(tmpdir(), 'cofounder-bench-extension-'));
cpSync(EXTENSION_DIR, dir, { recursive: true });
writeFileSync(
  join(dir, BLANK_PAGE),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body></body></html>',
);
const context = await chromium.launchPersistentContext('', {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [`--disable-extensions-except=${dir}`, `--load-extension=${dir}`, ...chromiumArgs],
});
try {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = `chrome-extension://${new URL(worker.url()).host}`;
  // A signed-in founder with cached numbers, on a server that refuses connections: only the cache can paint.
  const serverUrl = 'http://127.0.0.1:9';
  const user = { id: 'bench-user', email: 'bench@example.com' };
  const glance = {
    counts: { total: 12, pending: 3, in_progress: 1, completed: 6, paused: 1, failed: 1 },
    usage: null,
    savedAt: Date.now(),
  };
  await worker.evaluate(
    (items) =>
      (
        globalThis as unknown as { chrome: { storage: { local: { set: (i: object) => Promise<void> } } } }
      ).chrome.storage.local.set(items),
    {
      serverUrl,
      'cofounder-auth': JSON.stringify({ access_token: 'x', user }),
      [`glance:${serverUrl}:${user.id}`]: glance,
    },
  );
  // Counts painted: the first frame after the count cells enter the DOM, in ms since the navigation started.
  await context.addInitScript(() => {
    const w = window as unknown as { countsPaintedAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-count="total"] dd')) return;
      observer.disconnect();
      requestAnimationFrame(() => (w.countsPaintedAt = performance.now()));
    }).observe(document, { childList: true, subtree: true });
  });

  const page = await context.newPage();
  async function popupRun(): Promise<number> {
    await page.goto(`${origin}/popup.html`);
    await page.waitForFunction(
      () => (window as unknown as { countsPaintedAt?: number }).countsPaintedAt !== undefined,
    );
    return page.evaluate(() => (window as unknown as { countsPaintedAt: number }).countsPaintedAt);
  }
  async function blankRun(): Promise<number> {
    await page.goto(`${origin}/${BLANK_PAGE}`);
    return page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
  }

  const popup: number[] = [];
  const blank: number[] = [];
  // Interleaved, so drift in machine load hits both series alike.
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const b = await blankRun();
    const p = await popupRun();
    if (i >= WARMUP) {
      blank.push(b);
      popup.push(p);
    }
  }
  row({
    figure: 'popup counts painted from cache, median (floor a blank extension page)',
    value: median(popup),
    floor: median(blank),
    unit: 'ms',
    goal: { of: 'value', max: GOAL_MS },
  });
} finally {
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode());
