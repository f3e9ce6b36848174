import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_X, fakeSocialEnv } from './support/fake-social.ts';
import { FAKE_VOICE, fakeVoiceEnv } from './support/fake-voice.ts';
import { FIXTURE_SITE } from './support/fixture-site.ts';
import { EXPECT_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/timeouts.ts';

// The e2e run starts the product exactly as a user does (`npm start`), on its own port and a throwaway
// DATA_DIR, and drives Debian's Chromium (never a downloaded browser). Workers inherit the env set here. Every
// port can be named in the environment: npm test gives each run free ones (scripts/test.mjs), so it never meets a
// product someone is running.
const port = Number(process.env.E2E_PORT ?? 3100);
const monitorPort = Number(process.env.E2E_MONITOR_PORT ?? port + 1);
export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cofounder-e2e-'));
/** A second product with no speech key: voice runs on this machine (pocketsphinx + flite), as on a fresh clone. */
const localVoicePort = Number(process.env.E2E_LOCAL_VOICE_PORT ?? port + 2);
const localVoiceMonitorPort = Number(process.env.E2E_LOCAL_VOICE_MONITOR_PORT ?? port + 3);
export const localVoiceBaseURL = `http://127.0.0.1:${localVoicePort}`;
process.env.E2E_LOCAL_VOICE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cofounder-e2e-local-voice-'));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  fullyParallel: true,
  // Three workers on two cores: with two, a fifth of the machine idled while tests waited on the server, timers and
  // the browser (94 specs: 397 s with two, 323 s with three; the CPU idled about a quarter and 14 % of the time). The long axe and
  // keyboard walks set time limits of their own for the slower pace.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    // Recording a trace screencasts every page: it doubled the run's CPU (measured: 60 vs 30 core-seconds over 7
    // specs), and e2e is CPU-bound on two cores. A test that fails is retried in CI, and the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  outputDir: './test-results',
  projects: [
    { name: 'e2e', testDir: './specs' },
    // Lighthouse measures timings: never beside the specs (npm test runs it on its own, with --no-deps).
    { name: 'quality', testDir: './quality', dependencies: ['e2e'] },
  ],
  webServer: [
    // The fake X and Reddit (OAuth + API) on loopback, so connecting through the popup and publishing run for
    // real.
    {
      command: 'npx tsx support/fake-social-servers.ts',
      port: FAKE_X.port,
      reuseExistingServer: false,
      timeout: TEST_TIMEOUT_MS,
    },
    // The fake OpenAI speech endpoints and realtime WebRTC peer (chat itself stays on the offline co-founder).
    {
      command: 'npx tsx support/fake-voice-server.ts',
      port: FAKE_VOICE.port,
      reuseExistingServer: false,
      timeout: TEST_TIMEOUT_MS,
    },
    // The computer-use spec's own page (tests/fixtures), which the app's machines may open in this run only.
    {
      command: 'npx tsx support/fixture-server.ts',
      url: `http://127.0.0.1:${FIXTURE_SITE.port}/fixtures/form.html`,
      reuseExistingServer: false,
      timeout: TEST_TIMEOUT_MS,
    },
    {
      command: 'npm start',
      cwd: '..',
      // SIGTERM, as a terminal's Ctrl-C: the server stops its machines' browsers (detached process groups that a
      // SIGKILL of the server would leave running).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        MONITOR_PORT: String(monitorPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every e2e request comes from 127.0.0.1; the limits themselves are covered by the server suite.
        AUTH_RATE_LIMITS: 'false',
        USER_RATE_LIMITS: 'false',
        ...fakeSocialEnv(),
        ...fakeVoiceEnv(),
        VM_ALLOW_HOSTS: FIXTURE_SITE.allowHosts,
      },
    },
    {
      command: 'npm start',
      cwd: '..',
      // SIGTERM, as a terminal's Ctrl-C: the server stops its machines' browsers (detached process groups that a
      // SIGKILL of the server would leave running).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `${localVoiceBaseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(localVoicePort),
        MONITOR_PORT: String(localVoiceMonitorPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: localVoiceBaseURL,
        DATA_DIR: process.env.E2E_LOCAL_VOICE_DATA_DIR,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMITS: 'false',
        USER_RATE_LIMITS: 'false',
      },
    },
  ],
});
