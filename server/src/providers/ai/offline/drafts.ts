import { POST_LIMITS, type OnboardingProfile } from '@cofounder/shared';
import { HASHTAG, industryOf, isEarly, NEXT_MILESTONE, STAGE_NOW, stageOf, type Stage } from './facts.ts';
import {
  audienceOf,
  capitalize,
  ideaAudience,
  isName,
  isPlural,
  nameOf,
  recipientOf,
  topicOf,
  withArticle,
  withoutArticle,
} from './nouns.ts';
import { buildingWhat, firstName, ideaPhrase, words } from './text.ts';
import type { Voice } from './voice.ts';

// Drafts the founder asked for (a cold email, a post, a tweet), written from the profile and the nouns of the
// request. Each says in one line that it is an offline draft to edit: nothing here was researched.

export const DRAFT_NOTE = '_Offline draft from your profile: edit it before you use it._';

/** Markdown hard line break (the chat renders a single newline as a space). */
const BR = '  \n';

/** Why a founder at this stage writes to a potential customer, and what they ask for. */
const CUSTOMER_ASK: Record<Stage, { why: string; cta: string }> = {
  'Just an idea': {
    why: 'before I build anything, I want to learn how you deal with this today',
    cta: 'Would you have 15 minutes this week for a short call? No pitch: I only want to learn from you.',
  },
  'Researching the market': {
    why: 'I am talking to people who know this problem first-hand before I decide what to build',
    cta: 'Would you have 15 minutes this week for a short call? No pitch: I only want to learn from you.',
  },
  'Building prototype': {
    why: 'I have an early prototype and would value your eye on what is missing',
    cta: 'Could I show you a 10-minute demo next week and hear what you think?',
  },
  'Have an MVP': {
    why: "our first version is live, and I'm offering a few early users free access in exchange for honest feedback",
    cta: `Would you like to try it free for a month? Reply "yes" and I'll set you up.`,
  },
  'Getting first customers': {
    why: 'others in your position have started using it, and I think it could help you too',
    cta: 'Are you open to a 15-minute call this week to see whether it fits?',
  },
  'Growing revenue': {
    why: "it's already helping others in your position, and I think it could help you too",
    cta: 'Are you open to a 15-minute call this week to see whether it fits?',
  },
};

const INVESTOR = /\b(?:investors?|vcs?|angels?|venture|fund)\b/i;

/** How an email greets its recipient and says why them: by name, as one of many, or one person by role. */
function addressee(recipient: string | null, investor: boolean): { greetee: string; as: string } {
  if (!recipient) return { greetee: '[name]', as: '' };
  if (isName(recipient)) return { greetee: nameOf(recipient), as: '' };
  // "as one of the investors" says nothing: an investor email explains itself.
  if (isPlural(recipient)) return { greetee: '[first name]', as: investor ? '' : ` as one of the ${withoutArticle(recipient)}` };
  return { greetee: `[name of the ${withoutArticle(recipient).replace(/^your\s/i, '')}]`, as: ` as ${withArticle(recipient)}` };
}

/** A cold email's parts: whom it is to, subject, greeting, body paragraphs, call to action and signature. */
export interface ColdEmailParts {
  recipient: string | null;
  investor: boolean;
  subject: string;
  greeting: string;
  body: string[];
  callToAction: string;
  signature: string[];
}

/** A cold email from the request's nouns and the profile (chat renders it; the cold_email task fills its contract). */
export function coldEmailParts(request: string, p: OnboardingProfile | null, voice: Voice): ColdEmailParts {
  const recipient = recipientOf(request);
  // Who it is to decides; the request only when it names no one ("Draft an investor email").
  const investor = INVESTOR.test(recipient ?? request);
  const stage = stageOf(p);
  const { greetee, as } = addressee(recipient, investor);
  const early = isEarly(p);
  const why = investor
    ? early
      ? `we're at the "${stage}" stage, and I'd value your view on what you would want to see before investing`
      : `we're at the "${stage}" stage, and I'd like to share our traction with you`
    : CUSTOMER_ASK[stage].why;
  const callToAction = investor
    ? 'Would you be open to a 20-minute call in the next two weeks? I can send a short deck first.'
    : CUSTOMER_ASK[stage].cta;
  const intro = `I'm ${firstName(p) || '[your name]'}, and I'm ${buildingWhat(p)}.`;
  const reason = `I'm writing to you${as} because ${why}.`;
  const extra = investor
    ? `${p?.timeline ? `Our timeline: ${p.timeline}. ` : ''}Happy to share the numbers behind this in as much detail as you like.`
    : "It would take 15 minutes, and I'm happy to share what I learn from others in your position in return.";
  const body =
    voice.paragraphs === 1
      ? [`${intro} ${reason}`]
      : [voice.courtesy, intro, reason, voice.paragraphs >= 3 ? extra : ''].filter(Boolean);

  const subject = investor
    ? `Intro: ${ideaPhrase(p, 6)}`
    : !recipient
      ? 'Quick question about how you work today'
      : isName(recipient)
        ? `Quick question, ${nameOf(recipient)}`
        : `Quick question for ${withArticle(recipient)}`;
  const signature = [voice.signOff, p?.name ?? '[Your name]', ...(p?.role === 'founder' ? ['Founder'] : [])];
  return { recipient, investor, subject, greeting: `${voice.salutation} ${greetee},`, body, callToAction, signature };
}

/** A cold email: subject, a greeting naming the recipient, a body tailored to them, a call to action, a signature. */
export function coldEmail(request: string, p: OnboardingProfile | null, voice: Voice): string {
  const e = coldEmailParts(request, p, voice);
  const who = e.recipient ?? (e.investor ? 'an investor' : 'a potential customer');
  return [
    voice.heading(`Cold email to ${who}:`, `Here's a cold email to ${who}:`),
    `**Subject:** ${e.subject}`,
    e.greeting,
    ...e.body,
    e.callToAction,
    e.signature.join(BR),
    e.recipient ? '' : 'Tell me who it is for ("Draft an email to …") and I will address it to them.',
    DRAFT_NOTE,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The parts joined while they fit a tweet; the first part always goes in (cut at a word if it must). */
export function fitTweet(parts: string[]): string {
  let text = '';
  for (const part of parts.filter(Boolean)) {
    const next = text ? `${text} ${part}` : part;
    if (next.length <= POST_LIMITS.tweetMaxChars) text = next;
    else if (!text) {
      for (const word of words(part)) {
        if (text.length + word.length + 2 > POST_LIMITS.tweetMaxChars) break;
        text = text ? `${text} ${word}` : word;
      }
      text += '…';
    }
  }
  return text;
}

/** Who a question in a post is put to: "Bakery owners in Lisbon: " or "If you're a small agency: ". */
const addressed = (audience: string | null): string =>
  !audience ? '' : isPlural(audience) ? `${capitalize(withoutArticle(audience))}: ` : `If you're ${withArticle(audience)}: `;

/** The question a post or tweet ends on, by stage: early founders ask, later ones invite people in. */
export function askFor(stage: Stage, audience: string | null): string {
  const ask =
    stage === 'Just an idea' || stage === 'Researching the market'
      ? 'how do you handle this today? Replies welcome.'
      : stage === 'Building prototype'
        ? "want an early look? Reply and I'll send it."
        : stage === 'Have an MVP'
          ? "I'm looking for 10 early users to try it free. Reply or DM me."
          : 'want to try it? DM me.';
  return capitalize(`${addressed(audience)}${ask}`);
}

/** A tweet (a second version when replies are detailed, a 3-tweet thread when asked for one), each within 280 characters. */
export function tweet(request: string, p: OnboardingProfile | null, voice: Voice): string {
  const topic = topicOf(request);
  const audience = audienceOf(request);
  const building = buildingWhat(p);
  const hook = {
    direct: topic ? `${capitalize(topic)}.` : `${capitalize(building)}.`,
    balanced: topic ? `A quick update on ${topic}.` : `I'm ${building}.`,
    supportive: topic ? `Excited to share ${topic}!` : `So excited to be ${building}!`,
  }[voice.style];
  // With a topic the hook names it, so the idea comes next; without one the hook already names the idea.
  const what = topic ? `I'm ${building}.` : '';
  const forWhom = audience ? `Built for ${audience}.` : '';
  const ask = askFor(stageOf(p), audience ?? ideaAudience(p));
  const tags = voice.paragraphs > 1 ? `#buildinpublic ${HASHTAG[industryOf(p)]}` : '';
  const about = topic ?? 'what you are building';
  const where = `Where we are: ${STAGE_NOW[stageOf(p)]}.`;

  if (/\bthread\b/i.test(request)) {
    const parts = [[hook, what, forWhom], [where, `Next: ${NEXT_MILESTONE[stageOf(p)]}.`], [ask, tags]];
    const thread = parts.map((tweetParts, i) => `> ${fitTweet([`${i + 1}/${parts.length}`, ...tweetParts])}`);
    return [voice.heading('Thread:', `Here's a ${thread.length}-tweet thread about ${about}:`), ...thread, DRAFT_NOTE].join('\n\n');
  }
  const text = fitTweet([hook, what, forWhom, ask, tags]);
  return [
    voice.heading(`Tweet (${text.length}/${POST_LIMITS.tweetMaxChars}):`, `Here's a tweet about ${about} (${text.length}/${POST_LIMITS.tweetMaxChars} characters):`),
    `> ${text}`,
    voice.paragraphs >= 3 ? `Another version:\n\n> ${fitTweet([where, ask, tags])}` : '',
    DRAFT_NOTE,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const PLATFORMS: [RegExp, string][] = [
  [/\breddit\b|\br\/\w+/i, 'Reddit'],
  [/\bblog\b|\barticle\b/i, 'blog'],
  [/\bfacebook\b/i, 'Facebook'],
  [/\binstagram\b/i, 'Instagram'],
];

/** A post with a hook and a body (a title on Reddit and blogs, hashtags on LinkedIn). LinkedIn unless named. */
export function post(request: string, p: OnboardingProfile | null, voice: Voice): string {
  const platform = PLATFORMS.find(([re]) => re.test(request))?.[1] ?? 'LinkedIn';
  const topic = topicOf(request);
  const audience = audienceOf(request);
  const reader = audience ?? ideaAudience(p);
  const building = buildingWhat(p);
  const stage = stageOf(p);
  const hook = {
    direct: topic ? `${capitalize(topic)}: here's where we stand.` : `I'm ${building}. Here's why.`,
    balanced: topic ? `Some thoughts on ${topic}.` : `Here's the story behind what I'm building.`,
    supportive: topic ? `I'm excited to share ${topic}!` : `I'm excited to finally share what I'm building!`,
  }[voice.style];
  const body = [
    topic || voice.style !== 'direct' ? `I'm ${building}${audience ? `, for ${audience}` : ''}.` : '',
    `Where we are: ${STAGE_NOW[stage]}. Next: ${NEXT_MILESTONE[stage]}.`,
    `[Add one real example: a conversation, a number or a moment that shows why this matters to ${reader ?? 'your customers'}.]`,
  ]
    .filter(Boolean)
    .slice(0, voice.paragraphs);
  const title =
    platform === 'Reddit'
      ? `**Title:** ${isEarly(p) ? 'Feedback wanted' : 'What we learned so far'}: ${topic ?? ideaPhrase(p, 6)}`
      : platform === 'blog'
        ? `**Title:** ${capitalize(topic ?? `Why I'm ${building}`)}`
        : '';
  const question = capitalize(`${addressed(reader)}how do you handle this today? Tell me in the comments.`);
  const tags = platform === 'LinkedIn' ? `${HASHTAG[industryOf(p)]} #startups #buildinpublic` : '';
  const about = topic ?? 'what you are building';
  return [
    voice.heading(`${capitalize(platform)} post:`, `Here's a ${platform} post about ${about}:`),
    title,
    hook,
    ...body,
    question,
    tags,
    DRAFT_NOTE,
  ]
    .filter(Boolean)
    .join('\n\n');
}
