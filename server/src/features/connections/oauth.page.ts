import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { escapeHtml, scriptJson } from '../../html.ts';

/** The id of the element that holds the page's message as JSON, for a window without an opener to read. */
export const OAUTH_RESULT_ID = 'oauth-result';

/**
 * The small page the OAuth popup lands on: a heading, a line of text and, when given, a message posted to the
 * opener at the dashboard origin only, after which the popup closes. CSP allows only this page's nonce'd script.
 * The browser extension runs the flow in a window it created (no opener): there the page stays open and holds the
 * same message in a JSON data block (never executed, so CSP does not apply) that the extension reads and then
 * closes the window itself.
 */
export function oauthPage(
  ctx: Context,
  status: number,
  input: { title: string; text: string; message?: unknown; targetOrigin: string },
): void {
  const nonce = randomBytes(16).toString('base64');
  const script =
    input.message === undefined
      ? ''
      : `<script type="application/json" id="${OAUTH_RESULT_ID}">${scriptJson(input.message)}</script>` +
        `<script nonce="${nonce}">(function(){var m=${scriptJson(input.message)};var o=${scriptJson(input.targetOrigin)};` +
        `try{if(window.opener){window.opener.postMessage(m,o);setTimeout(function(){window.close();},300);}}catch(e){}})();</script>`;
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:480px;margin:64px auto;padding:0 24px;text-align:center}</style></head>
<body><h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.text)}</p>${script}</body></html>`;
}
