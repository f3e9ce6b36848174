import { POST_LIMITS } from '@cofounder/shared';
import { z } from 'zod';

// What each agent asks the model for (structured output): the shapes every AI provider answers in, the offline
// co-founder included; the agents (features/agents) validate against them.

const line = z.string().trim().min(1).max(400);

/** research_agent: a brief; sources only when the provider could browse (never invented). */
export const ResearchBrief = z.object({
  summary: line,
  market: z.string().min(1).max(1500),
  customers: z.string().min(1).max(1500),
  competitors: z.array(line).max(8),
  risks: z.array(line).max(8),
  nextSteps: z.array(line).min(1).max(8),
  sources: z.array(z.object({ title: line, url: z.string().url() })).max(10),
});
export type ResearchBrief = z.infer<typeof ResearchBrief>;

/** marketing_agent: posts ready to publish as they are. */
export const MarketingPosts = z.object({
  summary: line,
  tweets: z
    .array(z.object({ text: z.string().trim().min(1).max(POST_LIMITS.tweetMaxChars), reasoning: line }))
    .max(5),
  redditPosts: z
    .array(
      z.object({
        subreddit: z.string().regex(/^[A-Za-z0-9_]{2,21}$/),
        title: z.string().trim().min(1).max(POST_LIMITS.redditTitleMaxChars),
        body: z.string().trim().min(1).max(POST_LIMITS.redditBodyMaxChars),
        reasoning: line,
      }),
    )
    .max(3),
});
export type MarketingPosts = z.infer<typeof MarketingPosts>;

/** sales_agent / customer_outreach: profiles of ideal prospects (not real people) and message drafts. */
export const SalesProspects = z.object({
  summary: line,
  prospects: z
    .array(z.object({ profile: line, whyFit: line, whereToFind: line }))
    .min(1)
    .max(10),
  messages: z
    .array(z.object({ subject: z.string().trim().min(1).max(150), body: z.string().trim().min(1).max(2000) }))
    .min(1)
    .max(5),
});
export type SalesProspects = z.infer<typeof SalesProspects>;

/** coding_agent: what to build and in which steps. */
export const CodingSpec = z.object({
  summary: line,
  spec: z.string().min(1).max(3000),
  steps: z
    .array(z.object({ title: line, detail: z.string().min(1).max(1000) }))
    .min(1)
    .max(12),
});
export type CodingSpec = z.infer<typeof CodingSpec>;

/** investor_outreach_agent: a short plan until the investor outreach feature brings investor research. */
export const InvestorPlan = z.object({ summary: line, steps: z.array(line).min(1).max(8) });
export type InvestorPlan = z.infer<typeof InvestorPlan>;
