/**
 * Inline pieces kept as they are, in this order: a code span (its content), a backslash escape (the character), a
 * link or image ("text (url)"), an autolink and a bare URL (emphasis marks inside a URL are not marks).
 */
const INLINE_TOKEN =
  /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\\([!-/:-@[-`{-~])|!?\[([^\]]*)\]\(\s*<?([^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)|<((?:https?:\/\/|mailto:)[^\s>]+)>|https?:\/\/[^\s<>*`]+/g;

/** Paired emphasis and strikethrough: `***x***`, `**x**`, `*x*`, `~~x~~`, and `_x_` / `__x__` outside words. */
const STAR_EMPHASIS = /(\*\*\*|\*\*|\*|~~)(?!\s)(.+?)(?<!\s)\1/g;
const UNDERSCORE_EMPHASIS = /(?<![\p{L}\p{N}_])(___|__|_)(?!\s)(.+?)(?<!\s)\1(?![\p{L}\p{N}_])/gu;

/** Text between inline tokens without its emphasis marks; unpaired `**`, `__` and backticks go too. */
function unmark(text: string): string {
  let out = text;
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(STAR_EMPHASIS, '$2').replace(UNDERSCORE_EMPHASIS, '$2');
  }
  return out.replace(/\*{2,}|_{2,}|~~|`/g, '');
}

/** One line's inline Markdown as text. */
function inline(line: string): string {
  let out = '';
  let from = 0;
  for (const m of line.matchAll(INLINE_TOKEN)) {
    out += unmark(line.slice(from, m.index));
    const [whole, , code, escaped, label, url, autolink] = m;
    if (code !== undefined) out += code.trim();
    else if (escaped !== undefined) out += escaped;
    else if (url !== undefined) {
      const text = inline(label ?? '').trim();
      out += !text || text === url ? url : `${text} (${url})`;
    } else out += autolink ?? whole;
    from = m.index + whole.length;
  }
  return out + unmark(line.slice(from));
}

/** One line outside a code block: block marks (heading, quote, list, rule, table) turned into plain text; null: no line. */
function blockLine(line: string): string | null {
  // Thematic breaks and setext heading underlines carry no text.
  if (/^\s*(?:=+|([-*_])(?:\s*\1){2,})\s*$/.test(line)) return '';
  // A table's alignment row goes, then its rows lose the outer pipes.
  if (/^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/.test(line)) return null;
  let rest = line.replace(/^\s*(?:>\s?)+/, '');
  if (/^\s*\|.*\|\s*$/.test(rest)) rest = rest.trim().slice(1, -1).split('|').map((cell) => cell.trim()).join(' | ');
  const heading = /^\s*#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(rest);
  if (heading) return inline(heading[1] ?? '');
  const bullet = /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(rest);
  if (bullet) return `- ${inline(bullet[1]!)}`;
  const numbered = /^\s*(\d{1,9})[.)]\s+(.*)$/.exec(rest);
  if (numbered) return `${numbered[1]}. ${inline(numbered[2]!)}`;
  return inline(rest);
}

/**
 * Markdown as plain text for a channel that shows no formatting (an SMS): no emphasis, heading, code or quote marks,
 * links as "text (url)", list items on their own lines as "- " or "1. ", code blocks as their lines, single spaces,
 * and at most one blank line between blocks.
 */
export function plainText(markdown: string): string {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      continue;
    }
    const text = fence === null ? blockLine(line)?.replace(/\s+/g, ' ').trim() : line.trimEnd();
    if (text !== undefined) lines.push(text);
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
