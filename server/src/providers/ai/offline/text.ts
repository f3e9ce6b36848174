import type { OnboardingProfile } from '@cofounder/shared';

/** Whitespace-separated words. */
export const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);

/** The first name the co-founder addresses the founder by ('' when unknown). */
export const firstName = (profile: OnboardingProfile | null): string => words(profile?.name ?? '')[0] ?? '';

/**
 * The founder's idea as a short quoted phrase for questions and task descriptions: the whole idea when it
 * is short, otherwise its first words. Trailing punctuation goes so it reads inside a sentence.
 */
export function ideaPhrase(profile: OnboardingProfile | null, maxWords = 8): string {
  const all = words(profile?.idea ?? '');
  if (all.length === 0) return 'your startup';
  const cut = all.slice(0, maxWords).join(' ').replace(/[.!?,;:]+$/, '');
  return `"${cut}${all.length > maxWords ? '…' : ''}"`;
}

/**
 * What the founder is doing, to follow "I'm": "building an app that helps bakeries cut food waste" (the idea's
 * first sentence, its first word in lower case unless it is a name like "CodeBuddy"), or "working on" the quoted
 * idea phrase when the sentence is long or does not continue "building" ("We help…").
 */
export function buildingWhat(profile: OnboardingProfile | null): string {
  const all = words(profile?.idea.split(/(?<=[.!?])\s/)[0] ?? '');
  const [first = ''] = all;
  if (all.length === 0) return 'building something new';
  if (all.length > 16 || /^(we|i|our|my|it|this)$/i.test(first)) return `working on ${ideaPhrase(profile)}`;
  const lead = /^[A-Z][a-z]*$/.test(first) ? first.toLowerCase() : first;
  return `building ${[lead, ...all.slice(1)].join(' ').replace(/[.!?,;:]+$/, '')}`;
}

/** The first candidate with fewer than `limit` words (the last one if none fits). */
export function firstUnder(limit: number, candidates: string[]): string {
  return candidates.find((c) => words(c).length < limit) ?? candidates[candidates.length - 1]!;
}

/** The reply cut into phrases of at least `minChars` (whole words, spacing kept), the pieces it streams in. */
export function phrases(text: string, minChars = 32): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.match(/\S+\s*/g) ?? []) {
    current += word;
    if (current.length >= minChars) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}
