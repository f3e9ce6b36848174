import { ACTIVITY_OUTCOMES, type Activity } from '@cofounder/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The publish failure the example shows (as the server words it: `Failed: ` + the platform's reason). */
export const EXAMPLE_FAILURE = `${ACTIVITY_OUTCOMES.failedPrefix}Reddit rejected the post: the subreddit requires flair.`;
/** The free-text expected outcome an agent writes for its own work. */
export const EXAMPLE_EXPECTED = 'Pick the launch price for the Starter plan this week.';

/**
 * A built-in example set for /activity-test, newest first and dated relative to `now`, covering every kind of
 * activity the server writes: published (X and Reddit, with the post's link), drafted and ready to publish, a
 * failed publish, an agent's own work with an expected outcome, and a bare note (no title, details or outcome),
 * and every relative-time form ("Just now", hours, days, a date).
 */
export function exampleActivities(now: Date = new Date()): Activity[] {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const base = { subreddit: null, link: null, reasoning: null, outcome: null, taskId: null, producedBy: null };
  return [
    {
      ...base,
      id: 'example-published-x',
      platform: 'twitter',
      platformIcon: 'twitter',
      timestamp: at(10 * MINUTE),
      title: 'Posted on X',
      content:
        'Most founders spend weeks building before talking to a single customer. We did the opposite: 40 interviews in 10 days. Here is what we learned.',
      link: 'https://x.com/example/status/1',
      reasoning:
        'A short founder story tends to get replies from other early-stage founders, our first audience.',
      outcome: ACTIVITY_OUTCOMES.published,
    },
    {
      ...base,
      id: 'example-drafted-x',
      platform: 'twitter',
      platformIcon: 'twitter',
      timestamp: at(2 * HOUR),
      title: 'X post drafted',
      content:
        'Shipping our waitlist today. If you run a two-person startup, what would you want an AI co-founder to do first?',
      reasoning: 'A question invites replies, which tells us what to build next.',
      outcome: ACTIVITY_OUTCOMES.drafted,
    },
    {
      ...base,
      id: 'example-published-reddit',
      platform: 'reddit',
      platformIcon: 'reddit',
      timestamp: at(5 * HOUR),
      title: 'How we validated our idea with 40 customer interviews',
      content:
        'We wrote down our riskiest assumption, found 40 people who match our customer profile and asked about their last week rather than our idea.',
      subreddit: 'startups',
      link: 'https://www.reddit.com/r/startups/comments/example',
      reasoning: 'r/startups rewards practical write-ups; no link to the product, to stay within the rules.',
      outcome: ACTIVITY_OUTCOMES.published,
    },
    {
      ...base,
      id: 'example-failed-reddit',
      platform: 'reddit',
      platformIcon: 'reddit',
      timestamp: at(26 * HOUR),
      title: 'Reddit post failed',
      content:
        'What is the smallest version of your product you would still pay for? Curious how other founders scope an MVP.',
      subreddit: 'SaaS',
      reasoning: 'Founders in r/SaaS answer scoping questions in detail.',
      outcome: EXAMPLE_FAILURE,
    },
    {
      ...base,
      id: 'example-research',
      platform: 'cofounder',
      platformIcon: 'cofounder',
      timestamp: at(3 * 24 * HOUR),
      title: 'Research brief: competitor pricing',
      content:
        'Compared the pricing pages of five competitors; most start at $29 per month with a 14-day trial.',
      reasoning: 'Pricing decides which plan to launch with.',
      outcome: EXAMPLE_EXPECTED,
    },
    {
      ...base,
      id: 'example-note',
      platform: 'cofounder',
      platformIcon: 'cofounder',
      timestamp: at(12 * 24 * HOUR),
      title: '',
      content:
        'Drafted the launch checklist: landing page, waitlist email, two community posts and a demo video.',
    },
  ];
}
