import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { OAUTH_RESULT_ID, oauthPage } from './oauth.page.ts';

/** The parts of a Koa context the page writes, captured. */
function render(input: Parameters<typeof oauthPage>[2]) {
  const headers: Record<string, string> = {};
  const ctx = { set: (name: string, value: string) => (headers[name] = value) } as unknown as Context;
  oauthPage(ctx, 200, input);
  return { html: String(ctx.body), headers };
}

/** What the extension reads: the data block's text, parsed as JSON. */
function resultBlock(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${OAUTH_RESULT_ID}">(.*?)</script>`).exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

const TARGET = 'http://127.0.0.1:3100';

describe('oauthPage', () => {
  it('holds the posted message as a JSON data block the extension can read', () => {
    const message = {
      type: 'oauth-success',
      data: { platform: 'twitter', accessToken: 'handle-1234567890', refreshToken: null, profile: { displayName: 'Ada', username: 'ada' } },
    };
    const { html } = render({ title: 'X connected', text: 'You can close this window.', message, targetOrigin: TARGET });
    expect(resultBlock(html)).toEqual(message);
  });

  it('escapes the data block so a hostile profile cannot end the element or inject markup', () => {
    const message = { type: 'oauth-error', error: '</script><script>alert(1)</script> & \u2028<Lovelace>' };
    const { html } = render({ title: 'Connection failed', text: message.error, message, targetOrigin: TARGET });
    expect(html).not.toContain('<Lovelace>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(resultBlock(html)).toEqual(message);
  });

  it('carries nothing beyond the message it posts, and no block when there is no message', () => {
    const { html } = render({ title: 'Sign in required', text: 'Authentication required.', targetOrigin: TARGET });
    expect(html).not.toContain(OAUTH_RESULT_ID);
    expect(html).not.toContain('<script');
  });

  it('closes itself only after posting to an opener (a window without one is closed by whoever opened it)', () => {
    const { html, headers } = render({ title: 'X connected', text: 'Done', message: { type: 'oauth-success' }, targetOrigin: TARGET });
    expect(html).toMatch(/if\(window\.opener\)\{window\.opener\.postMessage\(m,o\);setTimeout/);
    expect(headers['Content-Security-Policy']).toMatch(/script-src 'nonce-[^']+'/);
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
