import { SMS, plainText } from '@cofounder/shared';

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** A sentence end (".", "!" or "?", maybe closed by a quote or bracket, then a space) or a line break. */
const SENTENCE_BREAK = /(?<=[.!?]["'”’)\]]*)\s|\n/g;
/** A sentence end is preferred only in the later part of a segment; earlier, the last word boundary wins. */
const SENTENCE_FROM = 0.5;

/** The index of the last match of the global `pattern` in `text` at or after `from`, or -1. */
function lastMatch(text: string, pattern: RegExp, from: number): number {
  let last = -1;
  for (const m of text.matchAll(pattern)) if (m.index >= from) last = m.index;
  return last;
}

/**
 * Where a segment of at most `budget` units ends in `text`: at a sentence end in its later part, else at the last
 * word boundary, else (one word longer than a segment) at the budget without splitting a surrogate pair.
 */
function breakAt(text: string, budget: number): number {
  if (text.length <= budget) return text.length;
  const window = text.slice(0, budget + 1);
  const sentence = lastMatch(window, SENTENCE_BREAK, Math.max(1, Math.ceil(budget * SENTENCE_FROM)));
  if (sentence > 0) return sentence;
  const word = lastMatch(window, /\s/g, 1);
  if (word > 0) return word;
  return Math.max(1, truncateText(text, budget).length);
}

/** At most `max` segments of `text`, segment n holding at most budgetOf(n) units; the last ends with "…" when more was cut. */
function cut(text: string, budgetOf: (n: number) => number, max: number): string[] {
  const segments: string[] = [];
  let rest = text;
  while (rest && segments.length < max) {
    let budget = budgetOf(segments.length + 1);
    // The last allowed segment keeps room for the "…" that says more was cut.
    if (segments.length === max - 1 && rest.length > budget) budget -= 1;
    const end = breakAt(rest, budget);
    segments.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest) segments[segments.length - 1] += '…';
  return segments;
}

/** The numbering that starts segment n of `total`. */
const numbering = (n: number, total: number): string => `(${n}/${total}) `;

/**
 * Splits a plain-text reply into SMS segments of at most `size` units: at a sentence end or line break in the later
 * part of a segment, else between words (a word is cut only when it is longer than a segment, never inside a
 * surrogate pair). More than one segment are numbered "(1/3) ", the numbering counted in the size; at most `max`
 * segments, the last ending with "…" when more was cut. Line breaks are kept, other whitespace runs become one space.
 */
export function splitSegments(text: string, size: number = SMS.segmentChars, max: number = SMS.maxSegments): string[] {
  const clean = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!clean) return [];
  if (clean.length <= size || max === 1) return cut(clean, () => size, 1);
  // The total is known only after cutting: reserve the numbering's width for a total of one digit, then two, ...
  for (let widest = 9; ; widest = widest * 10 + 9) {
    const segments = cut(clean, (n) => size - numbering(n, widest).length, max);
    if (segments.length <= widest) return segments.map((segment, i) => numbering(i + 1, segments.length) + segment);
  }
}

/** A reply as the texts that carry it: the AI's Markdown made plain, then split into numbered segments. */
export function replySegments(reply: string): string[] {
  return splitSegments(plainText(reply));
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
