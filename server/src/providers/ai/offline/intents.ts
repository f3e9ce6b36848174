import { asksForTasks } from '../intent.ts';

/** What a chat message asks the offline co-founder for. */
export type ChatIntent =
  | 'create_tasks'
  | 'draft_email'
  | 'draft_tweet'
  | 'draft_post'
  | 'status'
  | 'pricing'
  | 'investors'
  | 'competitors'
  | 'risks'
  | 'research'
  | 'customers'
  | 'idea'
  | 'what_next'
  | 'greeting'
  | 'unknown';

/** Any of these words or phrases, whole and in any case. */
const anyOf = (...alternatives: string[]): RegExp => new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'i');

/** A writing verb, then within a few words the thing to write: "Draft a short cold email". */
const WRITE = '(?:draft|write|compose|prepare|craft)\\b[^.?!]{0,40}\\b';

const GREETING = /^\s*(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening))\b/i;

/**
 * Keyword rules, first match wins. Drafts come before topics ("a tweet about pricing" is a tweet), "my tasks"
 * before topics, the vague what-next words after them, and a greeting only when nothing else was asked
 * ("Hello! How do I find customers?" is about customers). Task creation is decided by asksForTasks, exactly
 * as the conversation service decides to store a plan, so the reply never promises tasks that do not come.
 */
const INTENTS: [ChatIntent, RegExp][] = [
  ['draft_email', anyOf('cold[- ]?e-?mails?', 'e-?mails? (?:to|for)', `${WRITE}(?:e-?mails?|letter|intro(?:duction)?|outreach message|dm)`, '^\\s*(?:please\\s+)?e-?mail\\s+(?!me\\b)\\w+')],
  ['draft_tweet', anyOf('tweets?', 'x post', 'post (?:it )?(?:on|for|to) (?:x|twitter)', 'twitter (?:post|thread)', `${WRITE}thread`)],
  ['draft_post', anyOf('(?:linkedin|reddit|blog|facebook|instagram|launch|social media) (?:posts?|articles?|announcements?)', `${WRITE}(?:post|article|announcement|blog)`, 'post (?:on|for|to) (?:linkedin|reddit)')],
  ['status', anyOf('(?:my|open|current|pending) (?:tasks?|to-?dos?)', 'tasks? (?:list|status)', 'status', '(?:my|our) progress', "what(?:'s| is| have i| did i)? (?:done|finished|completed)", 'on my (?:list|plate)')],
  ['pricing', anyOf('pric(?:e|es|ed|ing)', 'charge', 'how much (?:should|to|do|can)', 'subscriptions?', 'tiers?', 'moneti[sz]\\w*', 'freemium', 'cheaper', 'expensive', 'willing(?:ness)? to pay')],
  ['investors', anyOf('investors?', 'fundrais\\w*', 'funding', 'rais(?:e|ing)', 'vcs?', 'venture capital', 'angels?', 'deck', '(?:pre-)?seed', 'series a')],
  ['competitors', anyOf('compet\\w*', 'rivals?', 'alternatives?', 'incumbents?', 'differentiat\\w*', 'stand out', 'vs', 'versus')],
  ['risks', anyOf('risks?', 'risky', 'worr(?:y|ied|ies)', 'go wrong', 'threats?', 'weakness(?:es)?', 'fail(?:ure|ing)?', 'kill(?:s|ed)?', 'pitfalls?', 'downsides?', 'assumptions?')],
  ['research', anyOf('research', 'market size', 'tam', 'interviews?', 'surveys?', 'validat(?:e|ion)')],
  ['customers', anyOf('customers?', 'clients?', 'users?', 'buyers?', 'sell to', 'target (?:market|audience)', 'early adopters?', 'leads?', 'go[- ]to[- ]market', 'gtm', 'marketing', 'traction', 'sign[- ]?ups?', 'grow(?:th)?', 'audience', 'channels?')],
  ['idea', anyOf('idea', 'refine', 'pivot', 'value prop\\w*', 'positioning', 'one-liner', 'niche')],
  ['what_next', anyOf("what(?:'s| is)? next", 'next steps?', 'what (?:should|do|can) i (?:do|work on|focus on|tackle|prioriti[sz]e)', 'focus on', 'priorit\\w*', 'where (?:do|should) i start', 'stuck', 'this week', 'today')],
  ['greeting', GREETING],
];

/** What a chat message is about, by keywords: the offline co-founder has no model to ask. */
export const detectIntent = (text: string): ChatIntent =>
  asksForTasks(text) ? 'create_tasks' : (INTENTS.find(([, re]) => re.test(text))?.[0] ?? 'unknown');

/** The message opens with a greeting (answered with one, whatever else it asks). */
export const opensWithGreeting = (text: string): boolean => GREETING.test(text);
