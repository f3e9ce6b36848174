import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// This project runs without a DOM: a view is rendered to HTML and read back with these few helpers.

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** What a reader sees of some HTML: tags dropped, entities decoded, white space collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Link {
  href: string;
  target: string | null;
  text: string;
}

/** A view's markup: its whole text, the text of the element with a data-testid (null when absent), its links. */
export function render(element: ReactElement) {
  const html = renderToStaticMarkup(element);
  return {
    html,
    text: textOf(html),
    textOf(testId: string): string | null {
      const found = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
      return found ? textOf(found[2] ?? '') : null;
    },
    links(): Link[] {
      return [...html.matchAll(/<a([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
        href: textOf(/href="([^"]*)"/.exec(attributes)?.[1] ?? ''),
        target: /target="([^"]*)"/.exec(attributes)?.[1] ?? null,
        text: textOf(inner),
      }));
    },
  };
}
