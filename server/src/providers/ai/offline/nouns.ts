import type { OnboardingProfile } from '@cofounder/shared';
import { words } from './text.ts';

// Nouns lifted from the founder's message (who an email is for, whom a price is for, a competitor's name, what
// a post is about) and from the profile. A lifted phrase is a short noun phrase, never a quote: anything longer
// is dropped rather than cut, so a reply never repeats the message or breaks it off mid-phrase.

/** The most of the founder's message a reply repeats in one place (the issue's quote cap is 80 characters). */
const PHRASE_MAX_CHARS = 40;
const PHRASE_MAX_WORDS = 7;
/** How far past its lead word a phrase is looked for: a long message is never scanned whole. */
const LOOKAHEAD_CHARS = 120;

/** Where a phrase ends: punctuation, or a word that starts a clause. */
const CLAUSE_END =
  /[.?!,;:()"\n]|\s(?:about|asking|regarding|that|which|who|whose|so|because|but|and|or|if|when|with|before|after|since|while|to|for|among)\b/i;

/** Verbs: one ends a noun phrase ("bakeries | cut food waste"); first after "to" it is an infinitive ("to raise"). */
const VERBS = new Set(
  (
    'ask get find grow raise price sell build make do be have go reach start pitch write send create reduce cut save ' +
    'help improve increase convince land win approach contact tell talk meet hire pay charge validate know learn ' +
    'understand focus use try see explain answer reply follow keep stop avoid compete promote announce introduce ' +
    'invite share scale manage handle prepare decide choose pick add move automate organize organise buy spend lose ' +
    'need want like is are was were can could should would will'
  ).split(' '),
);

/** Words that name no one on their own ("for it", "to me", "for my startup", "this week", "asking for feedback"). */
const VAGUE = new Set(
  (
    'it this that them me us you him her free now today tomorrow startup product app idea business company project ' +
    'everyone anyone people someone something thing things launch week month year more less much money ' +
    'feedback help advice input ideas tips call meeting demo review ' +
    'a an the my our your some these those any first next new'
  ).split(' '),
);

/** Vague as someone, but a subject on its own: a post "announcing our launch" is about the launch. */
const TOPIC_WORDS = new Set('launch product app idea startup business company project'.split(' '));

const PREPOSITIONS = new Set('for to of in on at by from about with into as'.split(' '));
const DETERMINER = /^(?:a|an|the|my|our|your|some|this|these|those|any)\s+/i;

/**
 * The noun phrase at the start of `rest`, or null when there is none short enough to name. A topic may be a whole
 * clause ("why freelancers get paid late"), so `clause` keeps the verbs a noun phrase would stop at.
 */
function nounPhrase(rest: string, clause = false): string[] | null {
  const end = rest.search(CLAUSE_END);
  // No end in sight: a run-on, not a short phrase.
  if (end === -1 && rest.length >= LOOKAHEAD_CHARS) return null;
  const all = words(end === -1 ? rest : rest.slice(0, end));
  const verb = clause ? -1 : all.findIndex((w, i) => i > 0 && VERBS.has(w.toLowerCase()));
  const kept = verb === -1 ? all : all.slice(0, verb);
  const first = kept[0]?.toLowerCase();
  if (!first || VERBS.has(first) || PREPOSITIONS.has(first)) return null;
  if (kept.length > PHRASE_MAX_WORDS || kept.join(' ').length > PHRASE_MAX_CHARS) return null;
  const vague = (w: string) => VAGUE.has(w) && !(clause && TOPIC_WORDS.has(w));
  if (kept.every((w) => vague(w.toLowerCase()))) return null;
  return kept;
}

/** The first usable noun phrase after a match of `lead` (a global regex ending in the whitespace before it). */
function phraseAfter(
  text: string,
  lead: RegExp,
  accept: (phrase: string) => boolean = () => true,
  clause = false,
): string | null {
  for (const m of text.matchAll(lead)) {
    const start = m.index + m[0].length;
    const phrase = nounPhrase(text.slice(start, start + LOOKAHEAD_CHARS), clause)?.join(' ');
    if (phrase && accept(phrase)) return phrase;
  }
  return null;
}

/** The founder's "my customers" is "your customers" in the co-founder's mouth. */
const secondPerson = (phrase: string): string => phrase.replace(/^(?:my|our)\s/i, 'your ');

const EMAIL_TO =
  /\b(?:e-?mails?|messages?|letter|note|intro(?:duction)?|dm|outreach|write|reach out)\b[^.?!\n]{0,30}?\b(?:to|for)\s+/gi;
const EMAIL_VERB = /^\s*(?:please\s+)?(?:e-?mail|message|contact)\s+/gi;

/** Who an email is for: "Draft a cold email to a bakery owner in Lisbon" → "a bakery owner in Lisbon". */
export const recipientOf = (request: string): string | null => {
  const phrase = phraseAfter(request, EMAIL_TO) ?? phraseAfter(request, EMAIL_VERB);
  return phrase && secondPerson(phrase);
};

/** Whom something is for: "price this for small agencies", "customers among dentists", "charge small agencies". */
export const audienceOf = (request: string): string | null => {
  const phrase = phraseAfter(
    request,
    /\b(?:for|among|to|targeting|aimed at|charge|charging|reach|reaching)\s+/gi,
  );
  return phrase && secondPerson(phrase);
};

/** What a post is about, in the founder's own words: "a tweet about our beta launch" → "our beta launch". */
export const topicOf = (request: string): string | null =>
  phraseAfter(request, /\b(?:about|announcing|on the topic of)\s+/gi, undefined, true);

/** A competitor the founder names: "compete with Toast", "cheaper than Square" (a capitalised name only). */
export const competitorOf = (request: string): string | null =>
  phraseAfter(
    request,
    /\b(?:than|with|against|vs\.?|versus|like|from|to)\s+/g,
    (p) => /^[A-Z]/.test(p) && words(p).length <= 3,
  );

/** Whom the founder's idea serves, from the idea itself: "An app that helps bakeries cut food waste" → "bakeries". */
export const ideaAudience = (profile: OnboardingProfile | null): string | null =>
  profile ? phraseAfter(profile.idea, /\b(?:for|helps?|helping|lets|enables)\s+/gi) : null;

const bare = (phrase: string): string => phrase.replace(DETERMINER, '');

/** A person's or company's name rather than a role: "Maria", "Maria at Café Lua" (not "HR managers", "Lisbon bakers"). */
export function isName(phrase: string): boolean {
  const [first, second] = words(phrase);
  return /^[A-Z][a-z]/.test(first ?? '') && (!second || /^(?:[A-Z]|at$|from$|of$)/.test(second));
}

/** How an email greets a named recipient: "Maria at Café Lua" → "Maria". */
export const nameOf = (phrase: string): string => phrase.split(/\s(?:at|from|of)\s/)[0]!;

/** "bakery owners in Lisbon" is many people: the head noun is the word before any "in/at/of …". */
export function isPlural(phrase: string): boolean {
  const head = words(bare(phrase).split(/\s(?:in|at|of|from|near|with|on)\s/i)[0]!).at(-1) ?? '';
  return /[^su]s$/i.test(head);
}

/** The phrase ready to follow "as" or "for": "bakery owner" → "a bakery owner"; plurals and names stay. */
export function withArticle(phrase: string): string {
  if (DETERMINER.test(phrase) || isPlural(phrase) || isName(phrase)) return phrase;
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** Many of them, for advice about a group: "a small agency" → "small agencies", "bakery owner in Lisbon" → "bakery owners in Lisbon". */
export function pluralOf(phrase: string): string {
  if (isPlural(phrase) || isName(phrase)) return phrase.replace(/^(?:a|an|the)\s+/i, '');
  const plain = phrase.replace(/^(?:a|an|the|this|that)\s+/i, '');
  const [head, ...tail] = plain.split(/(?=\s(?:in|at|of|from|near|with|on)\s)/i);
  const many = /[^aeiou]y$/i.test(head!)
    ? head!.replace(/y$/i, 'ies')
    : /(?:s|x|z|ch|sh)$/i.test(head!)
      ? `${head}es`
      : `${head}s`;
  return many + tail.join('');
}

/**
 * The phrase without its article, for the greeting's name slot the founder fills in ("[name of the bakery owner in
 * Lisbon]"): "a bakery owner in Lisbon" → "bakery owner in Lisbon".
 */
export const withoutArticle = (phrase: string): string => phrase.replace(/^(?:a|an|the)\s+/i, '');

/** The first letter in upper case. */
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
