import { TASK_ENGINE } from '../constants.ts';
import type { TaskAgent } from '../schemas/task.ts';
import { compactPreview } from './work.ts';

/**
 * No duplicate tasks (issue 22 §4). Two tasks are the same work when
 *  1. their normalised titles are equal (any agent), or
 *  2. they have the same agent and the same work object: the title's opening verb is one of a small group of
 *     synonyms (VERB_GROUPS) and the rest of the title, without articles, is equal —
 *     "Draft 3 Reddit posts for r/freelance" = "Write three Reddit posts for r/freelance".
 * A title that opens with no known verb has no work object and matches by its title only: a missed duplicate
 * costs one task, a false match silently drops work the founder asked for, so the rule errs on missing.
 */
export interface TaskWork {
  description: string;
  agent: TaskAgent;
}

/** Words a request opens with that are not part of the work ("Please draft…", "Could you draft…"). */
const OPENERS = ['please', 'pls', 'kindly', 'can you', 'could you', 'would you', 'lets', 'let us'];

// A Map, not an object: a title word such as "constructor" must not find Object.prototype's.
const NUMBER_WORDS = new Map(
  Object.entries({
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
    ten: '10',
    eleven: '11',
    twelve: '12',
    fifteen: '15',
    twenty: '20',
    thirty: '30',
    fifty: '50',
    hundred: '100',
  }),
);

/** Verbs that name the same kind of work; the group's first verb stands for all of them. */
const VERB_GROUPS: string[][] = [
  ['write', 'draft', 'compose', 'prepare', 'create', 'produce'],
  ['publish', 'post', 'share'],
  ['research', 'analyse', 'analyze', 'investigate', 'study'],
  ['find', 'identify', 'list', 'compile', 'collect', 'gather'],
  ['contact', 'reach out to', 'email', 'message'],
  ['build', 'develop', 'implement', 'code'],
  ['set up', 'setup', 'configure'],
];
const VERBS: [string, string][] = VERB_GROUPS.flatMap((group) =>
  group.map((verb): [string, string] => [verb, group[0]!]),
)
  // Longer phrases first: "reach out to" before any one-word verb it starts with.
  .sort((a, b) => b[0].length - a[0].length);

const ARTICLES = new Set(['a', 'an', 'the']);

const opens = (text: string, phrase: string) => text === phrase || text.startsWith(`${phrase} `);

/**
 * A title as compared: lower case without accents, apostrophes or punctuation, single spaces, number words as
 * digits ("three" = "3"; digits themselves are kept, so "10 investors" ≠ "20 investors"), and without polite
 * openers ("Please …", "Could you …").
 */
export function normaliseTitle(title: string): string {
  let text = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => NUMBER_WORDS.get(word) ?? word)
    .join(' ');
  // An opener alone ("Please") is the whole title, so it stays.
  let opener: string | undefined;
  while ((opener = OPENERS.find((o) => opens(text, o))) && text.length > opener.length)
    text = text.slice(opener.length + 1);
  return text;
}

/** "verb-group: object" for a title opening with a known verb (see the rule above), else null. */
export function workObject(title: string): string | null {
  const text = normaliseTitle(title);
  const verb = VERBS.find(([phrase]) => opens(text, phrase));
  if (!verb) return null;
  const object = text
    .slice(verb[0].length)
    .split(' ')
    .filter((word) => word && !ARTICLES.has(word))
    .join(' ');
  return object ? `${verb[1]}: ${object}` : null;
}

/** The keys two tasks share exactly when they are the same work. */
export function dedupeKeys(task: TaskWork): string[] {
  const object = workObject(task.description);
  return [`title ${normaliseTitle(task.description)}`, ...(object ? [`${task.agent} ${object}`] : [])];
}

/** True when a and b are the same work (the rule above). */
export function sameWork(a: TaskWork, b: TaskWork): boolean {
  const keys = new Set(dedupeKeys(a));
  return dedupeKeys(b).some((key) => keys.has(key));
}

/** When a task no longer blocks the same work from being added again, unless it is still open. */
export function duplicateWindowStart(at: Date): Date {
  return new Date(at.getTime() - TASK_ENGINE.duplicateWindowDays * 24 * 60 * 60 * 1000);
}

/**
 * The sentence that names planned tasks left out as duplicates, each quoted (cut at 80 characters; its own
 * double quotes made single so the quoting stays readable) and, when worded differently, with the task on the
 * list it matched.
 */
export function skippedSentence(skipped: { description: string; existing: string }[]): string {
  return `Skipped ${skipped.length} already on your list: ${skippedNames(skipped)}.`;
}

/** The skipped tasks, quoted and short: "Draft a tweet" (as "Write a tweet about the launch"), … */
export function skippedNames(skipped: { description: string; existing: string }[]): string {
  const quote = (text: string) => `"${compactPreview(text.replace(/"/g, "'"))}"`;
  return skipped
    .map(({ description, existing }) =>
      normaliseTitle(description) === normaliseTitle(existing)
        ? quote(description)
        : `${quote(description)} (as ${quote(existing)})`,
    )
    .join(', ');
}

/** What "already on your list" means, in every message that says a task was not added. */
export const ALREADY_ON_LIST = `open, or added in the last ${TASK_ENGINE.duplicateWindowDays} days`;
