import { PublicConfig, SERVER_RENDER_MARKERS } from '@cofounder/shared';

/**
 * The public config the server wrote into the page (server/src/web/app-page.ts), checked against the same schema
 * as GET /api/config's answer; null when the page has none (the Vite dev server) or it does not parse, and the app
 * then asks the API as before.
 */
export function readInlineConfig(doc: Document): PublicConfig | null {
  const text = doc.getElementById(SERVER_RENDER_MARKERS.configElementId)?.textContent;
  if (!text) return null;
  try {
    const parsed = PublicConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
