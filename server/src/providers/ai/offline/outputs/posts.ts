import { countIn, POST_LIMITS, type MarketingPosts, type OnboardingProfile } from '@cofounder/shared';
import { askFor, fitTweet } from '../drafts.ts';
import { industryOf, isEarly, stageOf, STAGE_NOW } from '../facts.ts';
import { topicOf } from '../nouns.ts';
import { buildingWhat, ideaPhrase } from '../text.ts';
import type { TaskWords } from './task-words.ts';

/** The community each industry's founders ask for feedback in. */
const SUBREDDIT: Record<ReturnType<typeof industryOf>, string> = {
  tech: 'SideProject',
  healthcare: 'healthIT',
  fintech: 'fintech',
  ecommerce: 'ecommerce',
  education: 'edtech',
  saas: 'SaaS',
  other: 'startups',
};

/** The task without where it is posted, so the topic is what the post is about ("… on Twitter and in 3 subreddits"). */
const withoutChannels = (task: string): string =>
  task
    .replace(/"[^"]*"/g, 'it')
    .replace(/\s+(?:and\s+)?(?:on|in|to)\s+(?:twitter|x|reddit|linkedin|(?:\d+|three|two)?\s*(?:relevant\s+)?subreddits?|r\/\w+|reddit [\w-]+ communities)\b/gi, '');

/** Subreddits to post in: the one the task names, else the industry's, then general founder communities. */
const subredditsFor = (w: TaskWords, p: OnboardingProfile | null): string[] => {
  const named = w.task.match(/\br\/(\w{2,21})/)?.[1];
  return [...new Set([named ?? SUBREDDIT[industryOf(p)], 'startups', 'SideProject', 'Entrepreneur'])];
};

/** The number written just before one of `nouns` ("3 tweets", "three relevant subreddits"), else 1. */
const countBefore = (task: string, nouns: RegExp): number => {
  const before = task.matchAll(new RegExp(`(\\S+)(?=\\s+(?:\\w+\\s+)?${nouns.source})`, 'gi'));
  return [...before].map((m) => countIn(m[1]!)).find((n) => n !== null) ?? 1;
};

/** Posts for the channels the task names (both when it names none), about its topic and to its audience. */
export function marketingPosts(p: OnboardingProfile | null, w: TaskWords): MarketingPosts {
  const channels = w.channels.length ? w.channels : (['twitter', 'reddit'] as const);
  const topic = topicOf(withoutChannels(w.task));
  const building = buildingWhat(p);
  const ask = askFor(stageOf(p), w.audience);
  const where = `Where we are: ${STAGE_NOW[stageOf(p)]}.`;
  const subreddits = subredditsFor(w, p).slice(0, Math.min(3, countBefore(w.task, /(?:reddit posts|posts|subreddits|communities)\b/)));
  // Different openings, so several tweets asked for are not one tweet repeated.
  const openings = [topic ? `On ${topic}:` : '', where, `Why I'm doing this: ${isEarly(p) ? 'people told me this problem costs them every week' : 'early users keep asking for it'}.`];
  const tweetCount = Math.min(openings.length, countBefore(w.task, /(?:tweets|x posts)\b/));
  return {
    summary: `Posts for ${channels.map((c) => (c === 'twitter' ? 'X' : subreddits.map((r) => `r/${r}`).join(', '))).join(' and ')}: ${w.task}`.slice(0, 400),
    tweets: channels.includes('twitter')
      ? openings.slice(0, tweetCount).map((opening) => ({
          text: fitTweet([opening, `I'm ${building}.`, ask]),
          reasoning: 'A question invites replies, which tell us what to build first.',
        }))
      : [],
    redditPosts: channels.includes('reddit')
      ? subreddits.map((subreddit) => ({
          subreddit,
          title: `${isEarly(p) ? 'Feedback wanted' : 'What we learned so far'}: ${topic ?? ideaPhrase(p, 6)}`.slice(0, POST_LIMITS.redditTitleMaxChars),
          body: `I'm ${building}. ${where}\n\n${ask}`.slice(0, POST_LIMITS.redditBodyMaxChars),
          reasoning: `r/${subreddit} is where people who feel this problem discuss it; a question fits its rules better than a pitch.`,
        }))
      : [],
  };
}
