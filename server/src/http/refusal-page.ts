import type { Context } from 'koa';
import { escapeHtml } from '../html.ts';

/** A browser's page load (not an API call) that is refused gets a page instead of a JSON error. */
export const wantsPage = (ctx: Context): boolean =>
  ctx.method === 'GET' && !ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html';

/** The small page a refused page load reads. */
export const refusalPage = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cofounder: ${escapeHtml(title.toLowerCase())}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 24px}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
