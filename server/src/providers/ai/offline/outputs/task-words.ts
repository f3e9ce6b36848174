import { taskKind, type OnboardingProfile, type TaskKindOf } from '@cofounder/shared';
import { audienceOf, ideaAudience } from '../nouns.ts';

// The words of one task the offline writers build on, so each result is about that task: whom it is for, where,
// on which channel, how many, and the tools or companies it names.

export interface TaskWords extends TaskKindOf {
  /** The task as written, without trailing punctuation. */
  task: string;
  /** Whom the work is for, from the task ("freelance designers") or else the idea ("bakeries"), or null. */
  audience: string | null;
  /** A place the task names ("Lisbon"), or null. */
  place: string | null;
  /** The social channels the task names. */
  channels: ('twitter' | 'reddit')[];
  /** Capitalised names the task lists ("Notion, Asana and Trello"), in order. */
  names: string[];
}

const NOT_NAMES = new Set(['I', 'We', 'Our', 'My', 'The', 'A', 'An', 'SaaS', 'Reddit', 'Twitter', 'X', 'MVP', 'API', 'TAM', 'SAM', 'SOM', 'KYC', 'HIPAA']);

/** Names after "like", "such as", "vs", "including" or a colon: "tools like Notion, Asana and Trello". */
function namesIn(task: string): string[] {
  const m = task.match(/(?:\blike|such as|including|\bvs\.?|versus|:)\s+([^.;!?()]+)/);
  if (!m) return [];
  return m[1]!
    .split(/,\s*|\s+(?:and|or|&)\s+/)
    .map((part) => part.trim())
    .filter((part) => /^[A-Z0-9][\w.+-]*(?:\s[A-Z][\w.+-]*){0,2}$/.test(part) && !NOT_NAMES.has(part));
}

/** Words that end a phrase found after "for" but name no one: "look for tools", "for our seed round". */
const NO_ONE = /\b(?:tools?|software|apps?|it|round|deck|feedback|sources|product|startup|idea|this|that|week|month)$/i;

/** Whom the task is for: "among freelance designers", "where freelance designers look for…", "to a bakery owner". */
function audienceIn(task: string): string | null {
  const subject = task.match(/\b(?:where|how|what|why|which)\s+((?:[\p{L}-]+\s){0,3}?[\p{L}-]+s)\s+(?:look|buy|use|pay|find|handle|choose|get|do|want|need|decide)\b/iu)?.[1];
  if (subject && !NO_ONE.test(subject)) return subject;
  const named = audienceOf(task.replace(/"[^"]*"/g, 'it'));
  return named && !NO_ONE.test(named) ? named : null;
}

export function taskWords(task: string, profile: OnboardingProfile | null): TaskWords {
  const channels = [
    ...(/\b(?:twitter|tweets?|x posts?|on x)\b/i.test(task) ? (['twitter'] as const) : []),
    ...(/\b(?:reddit|subreddits?|r\/\w+)\b/i.test(task) ? (['reddit'] as const) : []),
  ];
  return {
    ...taskKind(task),
    task: task.trim().replace(/[.!?\s]+$/, ''),
    audience: audienceIn(task) ?? ideaAudience(profile),
    place: task.match(/\bin ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?)/u)?.[1] ?? null,
    channels,
    names: namesIn(task),
  };
}

/** A count the task asked for, within what the contract allows; the default when it asked for none. */
export const countOr = (w: TaskWords, fallback: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, w.count ?? fallback));
