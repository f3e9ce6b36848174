import type { PageContext } from '@cofounder/shared';

/** How much of a selection the offline co-founder quotes back. */
const QUOTE_MAX_CHARS = 280;

/** The host of a page's URL, or the URL itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * The offline co-founder's acknowledgement of an attached page: the title (and site), and the selection quoted
 * so the founder sees what it answered about. Markdown, one paragraph plus an optional quote.
 */
export function pageNote(page: PageContext): string {
  const title = page.title.replace(/\s+/g, ' ').trim() || 'this page';
  const lines = [`Looking at **${title}** (${hostOf(page.url)}) with you.`];
  const selection = page.selection?.replace(/\s+/g, ' ').trim();
  if (selection) {
    const quote = selection.length > QUOTE_MAX_CHARS ? `${selection.slice(0, QUOTE_MAX_CHARS)}…` : selection;
    lines.push('', `> ${quote}`);
  }
  return lines.join('\n');
}
