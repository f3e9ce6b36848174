import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// Every test starts from an empty fake browser: no storage, alarms, badge text or listeners.
beforeEach(() => fakeBrowser.reset());
