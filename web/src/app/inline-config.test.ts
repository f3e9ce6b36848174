import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_RENDER_MARKERS } from '@cofounder/shared';
import { TEST_CONFIG } from '../test/render.tsx';
import { readInlineConfig } from './inline-config.ts';

function pageWith(text: string | null) {
  document.getElementById(SERVER_RENDER_MARKERS.configElementId)?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_RENDER_MARKERS.configElementId;
  script.textContent = text;
  document.body.append(script);
}

describe('the config the server writes into the page', () => {
  afterEach(() => pageWith(null));

  it('is read when it is the public config', () => {
    pageWith(JSON.stringify(TEST_CONFIG));
    expect(readInlineConfig(document)).toEqual(TEST_CONFIG);
  });

  it('is ignored when missing, not JSON or not the config, so the app asks the API instead', () => {
    for (const text of [null, '', '{not json', JSON.stringify({ ...TEST_CONFIG, modes: 'local' })]) {
      pageWith(text);
      expect(readInlineConfig(document), String(text)).toBeNull();
    }
  });
});
