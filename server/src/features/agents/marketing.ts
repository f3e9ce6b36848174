import { ACTIVITY_OUTCOMES, MarketingPosts, PLATFORM_NAMES, POST_LIMITS } from '@cofounder/shared';
import { askAbout, bullets, internalActivity, type Agent, type NewActivity } from './agent.ts';

/**
 * marketing_agent: posts ready to publish. Publishing needs the platform connected; until it is, the task
 * pauses as "Need Login" with the drafts kept in its result.
 */
export const marketingAgent: Agent = async (input) => {
  const { value: m, usage } = await askAbout(
    input,
    'marketing_posts',
    MarketingPosts,
    `Draft posts ready to publish: X posts of at most ${POST_LIMITS.tweetMaxChars} characters, Reddit posts with subreddit, title and body. Use no hashtags spam and no made-up facts.`,
  );
  const drafted: NewActivity[] = [
    ...m.tweets.map((t): NewActivity => ({
      platform: 'twitter',
      title: 'X post drafted',
      content: t.text,
      subreddit: null,
      reasoning: t.reasoning,
      outcome: ACTIVITY_OUTCOMES.drafted,
    })),
    ...m.redditPosts.map((r): NewActivity => ({
      platform: 'reddit',
      title: r.title,
      content: r.body,
      subreddit: r.subreddit,
      reasoning: r.reasoning,
      outcome: ACTIVITY_OUTCOMES.drafted,
    })),
  ];
  const needed = [
    ...new Set([
      ...input.task.requiredPlatforms,
      ...(m.tweets.length ? ['twitter' as const] : []),
      ...(m.redditPosts.length ? ['reddit' as const] : []),
    ]),
  ];
  const missing = needed.filter((p) => !input.connected.has(p));
  const content = [
    m.tweets.length ? `## X\n${m.tweets.map((t) => `> ${t.text}`).join('\n\n')}` : '',
    m.redditPosts.length
      ? `## Reddit\n${m.redditPosts.map((r) => `**r/${r.subreddit}: ${r.title}**\n\n${r.body}`).join('\n\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    summary: m.summary,
    content,
    data: { kind: 'social_posts', ...m },
    usage,
    activities: [
      internalActivity(
        'Posts drafted',
        m.summary,
        'Founders who post consistently reach their first users sooner.',
        bullets(drafted.map((d) => d.title)),
      ),
      ...drafted,
    ],
    approvals: [
      ...m.tweets.map((t) => ({ platform: 'twitter' as const, text: t.text })),
      ...m.redditPosts.map((r) => ({
        platform: 'reddit' as const,
        subreddit: r.subreddit,
        title: r.title,
        body: r.body,
      })),
    ],
    pause: missing.length
      ? {
          platforms: missing,
          reason: `Connect ${missing.map((p) => PLATFORM_NAMES[p]).join(' and ')} to publish this post`,
        }
      : undefined,
  };
};
