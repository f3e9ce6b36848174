import { OFFLINE_PRODUCER, OFFLINE_SMS_MARK, SMS, sameWork, type TaskWork } from '@cofounder/shared';
import type { z } from 'zod';

// The graders: each turns one expectation about an answer into a named pass or fail with the reason, so the
// report says what went wrong. They are pure; the cases (cases/*.ts) fetch the answers and pick the graders.

export interface Check {
  name: string;
  pass: boolean;
  /** Why it failed (empty when it passed). */
  detail: string;
}

/** The longest run of the founder's own words an answer may quote back (issue 22 §3). */
export const MAX_QUOTE_CHARS = 80;

const check = (name: string, pass: boolean, detail: string): Check => ({ name, pass, detail: pass ? '' : detail });

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The value parses with the output contract. */
export function schemaValid(name: string, schema: z.ZodType, value: unknown): Check {
  const parsed = schema.safeParse(value);
  const issue = parsed.success ? null : parsed.error.issues[0];
  return check(`schema ${name}`, parsed.success, issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : '');
}

/** A word as searched: lower case, and a plural's stem so "designer" finds "designers" and the reverse. */
const stem = (word: string) => word.toLowerCase().replace(/(?:es|s)$/, '');

/** Every one of `words` appears in the text (on topic: the request's own nouns came through). */
export function mentions(text: string, words: string[]): Check {
  const haystack = squash(text);
  const missing = words.filter((w) => !haystack.includes(stem(w)));
  return check(`mentions ${words.join(', ')}`, missing.length === 0, `missing: ${missing.join(', ')}`);
}

/** None of `words` appears as a word, singular or plural (the answer is not about someone else's business). */
export function avoids(text: string, words: string[]): Check {
  const haystack = squash(text);
  const whole = (w: string) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:e?s)?\\b`, 'i');
  const found = words.filter((w) => whole(w).test(haystack));
  return check(`avoids ${words.join(', ')}`, found.length === 0, `found: ${found.join(', ')}`);
}

/** No stretch of the message longer than MAX_QUOTE_CHARS is repeated in the answer. */
export function noEcho(answer: string, message: string): Check {
  const said = squash(answer);
  const asked = squash(message);
  const window = MAX_QUOTE_CHARS + 1;
  let echoed: string | null = null;
  for (let i = 0; i + window <= asked.length && !echoed; i++) {
    const piece = asked.slice(i, i + window);
    if (said.includes(piece)) echoed = piece;
  }
  return check(`no quote over ${MAX_QUOTE_CHARS} chars`, echoed === null, `echoed "${echoed?.slice(0, 40)}…"`);
}

/** The text's length in characters is within bounds. */
export function lengthWithin(text: string, min: number, max: number): Check {
  return check(`length ${min}-${max}`, text.length >= min && text.length <= max, `length ${text.length}`);
}

/** The answer names its producer: 'offline' when the offline co-founder wrote it, else the model's name. */
export function labelled(producedBy: string | null | undefined, producer: string): Check {
  const want = producer === OFFLINE_PRODUCER ? 'labelled offline' : `labelled ${producer}`;
  return check(want, producedBy === producer, `producedBy ${JSON.stringify(producedBy ?? null)}`);
}

/** No two tasks are the same work (the shared duplicate rule). */
export function noDuplicates(tasks: TaskWork[]): Check {
  const pairs: string[] = [];
  tasks.forEach((a, i) =>
    tasks.slice(i + 1).forEach((b) => {
      if (sameWork(a, b)) pairs.push(`"${a.description}" = "${b.description}"`);
    }),
  );
  return check('no duplicate tasks', pairs.length === 0, pairs.slice(0, 2).join('; '));
}

/** Markdown marks a text message would show raw (a "- " list reads as plain text and is allowed). */
const MARKDOWN = /\*\*|__|^#{1,6} |^\s*\* |^> |`|\[[^\]]+\]\([^)]+\)/m;

/** Plain text: no Markdown marks. */
export function plain(text: string): Check {
  const mark = text.match(MARKDOWN)?.[0];
  return check('plain text', !mark, `markdown "${mark?.trim()}"`);
}

const NUMBERING = /^\((\d+)\/(\d+)\) /;

const words = (text: string) => text.replace(OFFLINE_SMS_MARK, '').replace(/\s+/g, ' ').trim();

/**
 * SMS segments of `whole` (the reply as plain text): each within the shared size, at most the shared count,
 * numbered "(i/n) " in order when more than one, and cut between words — read back with a space at each cut they
 * give the reply's words (a cut inside a word would put a space in it), all of them unless the last ends in "…".
 */
export function smsSegments(replies: string[], whole: string): Check[] {
  const n = replies.length;
  const sized = replies.every((r) => r.length <= SMS.segmentChars);
  const numbered =
    n === 1 ? !NUMBERING.test(replies[0]!) : replies.every((r, i) => r.match(NUMBERING)?.slice(1).join('/') === `${i + 1}/${n}`);
  const joined = words(replies.map((r) => r.replace(NUMBERING, '')).join(' '));
  const full = words(whole);
  const read = joined.endsWith('…') ? full.startsWith(joined.slice(0, -1).trimEnd()) : joined === full;
  return [
    check(`segments of ≤ ${SMS.segmentChars} chars`, n > 0 && sized, `lengths ${replies.map((r) => r.length).join(', ')}`),
    check(`≤ ${SMS.maxSegments} segments`, n <= SMS.maxSegments, `${n} segments`),
    check('numbered when several', numbered, `first: "${replies[0]?.slice(0, 12)}"`),
    check('cut between words', read, `segments read "${joined.slice(0, 60)}…", reply "${full.slice(0, 60)}…"`),
  ];
}

/** A plain yes/no expectation with its own name. */
export const expectThat = (name: string, pass: boolean, detail: string): Check => check(name, pass, detail);
