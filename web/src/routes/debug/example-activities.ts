import type { Activity } from '@cofounder/shared';

const HOUR = 3_600_000;

/** A built-in example set for /activity-test, dated relative to `now` so every relative-time form shows. */
export function exampleActivities(now: Date = new Date()): Activity[] {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return [
    {
      id: 'example-1',
      platform: 'twitter',
      platformIcon: 'twitter',
      timestamp: at(10 * 60_000),
      title: '',
      content:
        'Most founders spend weeks building before talking to a single customer. We did the opposite: 40 interviews in 10 days. Here is what we learned.',
      subreddit: null,
      link: 'https://x.com/example/status/1',
      reasoning:
        'A short founder story tends to get replies from other early-stage founders, our first audience.',
      outcome: 'Replies from 3-5 founders willing to try the beta.',
      taskId: null,
    },
    {
      id: 'example-2',
      platform: 'reddit',
      platformIcon: 'reddit',
      timestamp: at(5 * HOUR),
      title: 'How we validated our idea with 40 customer interviews',
      content:
        'We wrote down our riskiest assumption, found 40 people who match our customer profile and asked about their last week rather than our idea.',
      subreddit: 'startups',
      link: 'https://www.reddit.com/r/startups/comments/example',
      reasoning: 'r/startups rewards practical write-ups; no link to the product, to stay within the rules.',
      outcome: 'Discussion and a few direct messages from potential users.',
      taskId: null,
    },
    {
      id: 'example-3',
      platform: 'cofounder',
      platformIcon: 'cofounder',
      timestamp: at(3 * 24 * HOUR),
      title: 'Research brief: competitor pricing',
      content:
        'Compared the pricing pages of five competitors; most start at $29 per month with a 14-day trial.',
      subreddit: null,
      link: null,
      reasoning: 'Pricing decides which plan to launch with.',
      outcome: null,
      taskId: null,
    },
    {
      id: 'example-4',
      platform: 'cofounder',
      platformIcon: 'cofounder',
      timestamp: at(12 * 24 * HOUR),
      title: '',
      content:
        'Drafted the launch checklist: landing page, waitlist email, two community posts and a demo video.',
      subreddit: null,
      link: null,
      reasoning: null,
      outcome: null,
      taskId: null,
    },
  ];
}
