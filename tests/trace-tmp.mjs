import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const path = process.argv[2];
for (let run = 0; run < 2; run++) {
  const page = await b.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] } , transferMode: 'ReportEvents' });
  await page.goto(`http://127.0.0.1:3400${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end'); await done;
  const main = events.filter(e => e.name === 'RunTask' && e.dur > 50000);
  const tid = (() => { const c = {}; for (const e of main) c[e.tid] = (c[e.tid] ?? 0) + 1; return Object.entries(c).sort((a,b)=>b[1]-a[1])[0]?.[0]; })();
  console.log(`run ${run}: long tasks on main`);
  for (const t of main.filter(e => String(e.tid) === tid)) {
    const inner = events.filter(e => e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 8000 && e.name !== 'RunTask');
    const desc = inner.slice(0, 8).map(e => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''}${e.args?.data?.type ? ' ' + e.args.data.type : ''} ${Math.round(e.dur/1000)}`).join(' | ');
    console.log(`  ${Math.round(t.dur/1000)} ms: ${desc}`);
  }
  await page.close();
}
await b.close();
