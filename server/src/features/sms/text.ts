import { SMS } from '@cofounder/shared';

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * Splits a reply into SMS segments of at most SMS.segmentChars, breaking at whitespace when one is near the end,
 * never inside a surrogate pair; at most SMS.maxSegments (the last one ends with "…" when more was cut).
 */
export function splitSegments(text: string, size: number = SMS.segmentChars, max: number = SMS.maxSegments): string[] {
  const segments: string[] = [];
  let rest = text.replace(/\s+/g, ' ').trim();
  while (rest && segments.length < max) {
    if (rest.length <= size) {
      segments.push(rest);
      rest = '';
      break;
    }
    let cut = truncateText(rest, size).length;
    const space = rest.lastIndexOf(' ', cut);
    if (space > size * 0.6) cut = space;
    segments.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest && segments.length) {
    const last = segments[segments.length - 1]!;
    segments[segments.length - 1] = `${truncateText(last, size - 1)}…`;
  }
  return segments;
}

/** The whole text is one of the keywords (case-insensitive, surrounding whitespace and punctuation ignored). */
export function keywordOf(text: string): 'stop' | 'start' | 'help' | null {
  const word = text.trim().replace(/[.!]+$/, '').toUpperCase();
  if ((SMS.stopKeywords as readonly string[]).includes(word)) return 'stop';
  if ((SMS.startKeywords as readonly string[]).includes(word)) return 'start';
  if ((SMS.helpKeywords as readonly string[]).includes(word)) return 'help';
  return null;
}

/** The first standalone run of exactly SMS.codeDigits digits in a text, or null. */
export function codeIn(text: string): string | null {
  const match = new RegExp(`(?<!\\d)\\d{${SMS.codeDigits}}(?!\\d)`).exec(text);
  return match ? match[0] : null;
}
