// Screenshot to socket (issue 12 benchmark): one computer-use step's screenshot, from asking the machine for it to
// a founder's monitor socket receiving it — our provider.screenshot() + vmEvents.publish() (stored in the database,
// sent over the bus) + the monitor socket — against a bare playwright-core page.screenshot() of the same page in the
// same run. Medians per step, ratio ours : bare; FAIL (exit 1) over 1.25× (25% overhead).
// Cross-process delivery (NOTIFY + a load by id) is measured with TEST_DATABASE_URL=postgres://… as a second line.
// BENCH_SMOKE=1: one step, no warm-up.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../server/src/config.ts';
import { createEventBus } from '../../server/src/events/create-bus.ts';
import { createVmEvents } from '../../server/src/events/vm-events.ts';
import { createLocalVmProvider } from '../../server/src/providers/vm/local.ts';
import { openTestDatabase } from '../../server/src/test/db.ts';
import { connectMonitor, fakeVerifier, insertVm, ownsVmIn } from '../../server/src/test/monitor-client.ts';
import { startMonitor } from '../../server/src/ws/monitor.ts';
import { exitCode, row, size } from '../report.ts';

const CHROMIUM = process.env.VM_CHROMIUM_PATH ?? '/usr/bin/chromium';
const STEPS = Number(process.env.BENCH_RUNS ?? size(30, 1));
const WARMUP = size(3, 0);
const MAX_RATIO = 1.25;
const BARE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', '--disable-dev-shm-usage'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install it (apt install chromium) or set VM_CHROMIUM_PATH.`);
  process.exit(1);
}

// A page that changes every step, as a task's screen does.
const site = createServer((_req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(`<title>bench</title><h1 id="n">0</h1>${'<p>Some text to draw on the screen.</p>'.repeat(40)}`),
);
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-vm-monitor-bench-'));
const log = pino({ level: 'silent' });
const machines = createLocalVmProvider(
  loadConfig({ DATA_DIR: dataDir, VM_CHROMIUM_PATH: CHROMIUM, VM_ALLOW_HOSTS: new URL(pageUrl).host }),
  log,
);
const database = await openTestDatabase();
const bus = await createEventBus(database);
const vmEvents = createVmEvents({ db: database.db, bus, now: Date.now });
const userId = randomUUID();
const vmId = await insertVm(database, userId);
const monitor = await startMonitor({
  port: 0,
  host: '127.0.0.1',
  verifier: fakeVerifier({ 'bench-token': userId }),
  log,
  vmEvents,
  ownsVm: ownsVmIn(database),
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: BARE_ARGS });

try {
  await machines.launch(vmId);
  await machines.act(vmId, { type: 'navigate', url: pageUrl });
  const bare = await browser.newPage({ viewport: VMS.viewport });
  await bare.goto(pageUrl);
  const client = await connectMonitor(monitor.port, '?token=bench-token');
  await client.next((m) => m.type === 'hello');
  client.send({ type: 'subscribe', vmId });
  await client.next((m) => m.type === 'subscribed');

  const taskId = randomUUID();
  const ours: number[] = [];
  const bareTimes: number[] = [];
  for (let step = 1; step <= WARMUP + STEPS; step++) {
    // The screen changes between steps on both pages alike.
    await machines.act(vmId, { type: 'key', keys: 'End' });
    await bare.evaluate((n) => (document.getElementById('n')!.textContent = String(n)), step);

    const began = performance.now();
    const received = client.next((m) => m.type === 'screenshot' && m.step === step, 10_000);
    const jpeg = await machines.screenshot(vmId);
    // The founder sees the step when the socket has it; storing it for other processes finishes after.
    const stored = vmEvents.publish(userId, { type: 'screenshot', vmId, taskId, step, live: false }, jpeg);
    await received;
    const oursMs = performance.now() - began;
    await stored;

    const bareBegan = performance.now();
    await bare.screenshot({ type: 'jpeg', quality: 70 });
    const bareMs = performance.now() - bareBegan;
    if (step > WARMUP) {
      ours.push(oursMs);
      bareTimes.push(bareMs);
    }
  }
  row({
    figure: `screenshot to socket (${database.kind}), median of ${STEPS} steps (floor a bare playwright-core screenshot)`,
    value: median(ours),
    floor: median(bareTimes),
    unit: 'ms',
    goal: { of: 'ratio', max: MAX_RATIO },
  });
  client.socket.close();
} finally {
  await browser.close();
  await machines.shutdown();
  await monitor.close();
  await bus.close();
  await database.close();
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
// Now, not when the last timer ends: the provider's shutdown leaves its 15 s quit deadline running.
process.exit(exitCode());
