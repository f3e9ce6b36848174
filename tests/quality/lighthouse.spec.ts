import { expect, test } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromiumArgs } from '../playwright.config.ts';
import { whenQuiet } from '../support/quiet.ts';

// Issue 9: Lighthouse on the built landing page (served by `npm start` like every e2e), in its own project that
// runs after the others so no parallel test skews the timings its performance score is computed from.
const MIN_SCORE = 0.95;
// Lighthouse's own guidance on variability: on a shared machine one run's simulated timings swing by several
// points, so it runs three times and judges the run with the median performance score.
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

test('the landing page scores at least 95 in performance, accessibility, best practices and SEO', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    const runs: RunnerResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const busy = await whenQuiet();
      if (busy > 0.2) console.log(`Lighthouse run ${i + 1} starts on a busy machine (${Math.round(busy * 100)} % of the CPU)`);
      const result = await lighthouse(`${baseURL}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      expect(result, 'Lighthouse returned no result').toBeTruthy();
      runs.push(result!);
    }
    const performance = (r: RunnerResult) => r.lhr.categories.performance?.score ?? 0;
    console.log(`Lighthouse performance over ${RUNS} runs: ${runs.map((r) => Math.round(performance(r) * 100)).join(', ')}`);
    const result = runs.sort((a, b) => performance(a) - performance(b))[Math.floor(RUNS / 2)];
    const { categories, audits } = result!.lhr;
    const report = CATEGORIES.map((id) => `${id} ${Math.round((categories[id]?.score ?? 0) * 100)}`).join(', ');
    console.log(`Lighthouse ${result!.lhr.lighthouseVersion} on ${baseURL}/: ${report}`);
    for (const id of CATEGORIES) {
      const category = categories[id]!;
      // Name the audits that cost points, so a failure says what to fix.
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
      expect(category.score ?? 0, `${id}: ${failing.join(', ')}`).toBeGreaterThanOrEqual(MIN_SCORE);
    }
  } finally {
    chrome.kill();
  }
});
