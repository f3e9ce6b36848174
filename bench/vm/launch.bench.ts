// Local machines (issue 12 benchmark), against bare playwright-core on the same Chromium in the same run:
//  1. launch to ready: our provider.launch() until viewReady() and the first screenshot, versus
//     chromium.launch() + newPage() + the first screenshot; N runs each, alternating;
//  2. one screenshot (JPEG): provider.screenshot() versus page.screenshot() on the same page content.
// Medians, ratio ours : bare; FAIL (exit 1) when either is over 1.25× (25% overhead).
// BENCH_SMOKE=1: one launch and one screenshot each, no warm-up.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../server/src/config.ts';
import { createLocalVmProvider } from '../../server/src/providers/vm/local.ts';
import { retryOnNoFrame } from '../../server/src/providers/vm/no-frame-retry.ts';
import { exitCode, row, size, SMOKE } from '../report.ts';

const CHROMIUM = process.env.VM_CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCHES = Number(process.env.BENCH_LAUNCHES ?? size(5, 1));
const SHOTS = Number(process.env.BENCH_RUNS ?? size(30, 1));
const WARMUP = size(3, 0);
const MAX_RATIO = 1.25;
// The flags our machines run with, less the profile, proxy and debugging port the provider adds.
const BARE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', '--disable-dev-shm-usage', `--window-size=${VMS.viewport.width},${VMS.viewport.height}`];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install it (apt install chromium) or set VM_CHROMIUM_PATH.`);
  process.exit(1);
}

const page = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>bench</title><h1>Machine benchmark</h1>${'<p>Some text to draw on the screen.</p>'.repeat(40)}`),
);
await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/`;
const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-vm-bench-'));
const vms = createLocalVmProvider(
  loadConfig({ DATA_DIR: dataDir, VM_CHROMIUM_PATH: CHROMIUM, VM_ALLOW_HOSTS: new URL(pageUrl).host, VM_MAX_LOCAL_MACHINES: '2' }),
  pino({ level: 'silent' }),
);

async function oursLaunch(id: string): Promise<number> {
  const began = performance.now();
  await vms.launch(id);
  if (!vms.viewReady(id)) throw new Error('launched but not ready');
  await vms.screenshot(id);
  return performance.now() - began;
}

async function bareLaunch(): Promise<number> {
  const began = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BARE_ARGS });
  const tab = await browser.newPage({ viewport: VMS.viewport });
  // As the provider does (retryOnNoFrame): a fresh tab may have no frame to give yet on a busy machine.
  await retryOnNoFrame(() => tab.screenshot({ type: 'jpeg', quality: 70 }));
  const took = performance.now() - began;
  await browser.close();
  return took;
}

const report = (what: string, ours: number[], bare: number[]) =>
  row({
    figure: `${what} (floor bare playwright-core)`,
    value: median(ours),
    floor: median(bare),
    unit: 'ms',
    goal: { of: 'ratio', max: MAX_RATIO },
  });

try {
  // One of each first, uncounted: the first Chromium start of a run reads everything from disk.
  if (!SMOKE) {
    await oursLaunch('warmup');
    await vms.terminate('warmup');
    await bareLaunch();
  }
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < LAUNCHES; i++) {
    ours.push(await oursLaunch(`m${i}`));
    await vms.terminate(`m${i}`);
    bare.push(await bareLaunch());
  }
  report(`launch to ready, median of ${LAUNCHES}`, ours, bare);

  await vms.launch('shots');
  await vms.act('shots', { type: 'navigate', url: pageUrl });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BARE_ARGS });
  const tab = await browser.newPage({ viewport: VMS.viewport });
  await tab.goto(pageUrl);
  const oursShots: number[] = [];
  const bareShots: number[] = [];
  for (let i = 0; i < SHOTS + WARMUP; i++) {
    let began = performance.now();
    await vms.screenshot('shots');
    const a = performance.now() - began;
    began = performance.now();
    await tab.screenshot({ type: 'jpeg', quality: 70 });
    const b = performance.now() - began;
    if (i >= WARMUP) {
      oursShots.push(a);
      bareShots.push(b);
    }
  }
  report(`screenshot, median of ${SHOTS}`, oursShots, bareShots);
  await browser.close();
} finally {
  await vms.shutdown();
  page.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode());
