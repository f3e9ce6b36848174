import { chromium, expect, test as base } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { type ConsoleOptions, watchConsoleErrors } from './test.ts';

/**
 * Chromium's flags for its fake microphone with the permission prompt answered yes: a beeping tone, or `file` (a
 * WAV, looped unless the path ends in `%noloop`) played as the microphone.
 */
export function fakeMicrophoneArgs(file?: string): string[] {
  const capture = file ? [`--use-file-for-fake-audio-capture=${file}`] : [];
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', ...capture];
}

export interface MicrophoneOptions {
  /** What the fake microphone plays (`file`, else a tone), and whether pages may play audio unprompted. */
  microphone: { file?: string; autoplay?: boolean };
}

/**
 * support/test.ts's test (console errors fail it), with each test's pages in a Chromium of its own whose microphone
 * is the fake one. Launched per test rather than set as the worker's launchOptions: a worker option gives the specs
 * workers of their own, which Playwright starts only once the other tests are done (in CI, a 45 s tail of one or two
 * workers while a third of the machine idled).
 */
export const test = base.extend<ConsoleOptions & MicrophoneOptions>({
  consoleErrorsAllowed: [null, { option: true }],
  microphone: [{}, { option: true }],
  context: async ({ microphone, baseURL, consoleErrorsAllowed }, use) => {
    const autoplay = microphone.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : [];
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...chromiumArgs, ...fakeMicrophoneArgs(microphone.file), ...autoplay],
    });
    const context = await browser.newContext({ baseURL });
    const errors = watchConsoleErrors(context, consoleErrorsAllowed);
    await use(context);
    await browser.close();
    expect(errors, 'console errors on the pages this test opened').toEqual([]);
  },
});

export { expect };
