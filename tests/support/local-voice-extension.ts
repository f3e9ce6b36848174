import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { EXTENSION_DIR, test as extensionTest } from '../fixtures/extension.ts';
import { fakeMicrophoneArgs } from './microphone.ts';

/**
 * The extension fixture with Chromium's fake microphone playing `fakeAudioFile` (a WAV, looped unless the path
 * ends in `%noloop`) instead of its beeping tone, the permission prompt answered yes: spoken words for the local
 * recogniser to hear.
 */
export const test = extensionTest.extend<{ fakeAudioFile: string }>({
  fakeAudioFile: ['', { option: true }],
  context: async ({ fakeAudioFile }, use) => {
    if (!fakeAudioFile) throw new Error('local-voice-extension: set fakeAudioFile with test.use()');
    if (!existsSync(join(EXTENSION_DIR, 'manifest.json')))
      throw new Error(`No extension build at ${EXTENSION_DIR}: run \`npm run build -w extension\` first.`);
    const context = await chromium.launchPersistentContext('', {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
        ...chromiumArgs,
        ...fakeMicrophoneArgs(fakeAudioFile),
      ],
    });
    await use(context);
    await context.close();
  },
});

export { expect } from '@playwright/test';
