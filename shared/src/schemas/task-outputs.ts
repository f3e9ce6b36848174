import { POST_LIMITS } from '../constants.ts';
import { z } from 'zod';

// The output contract of each kind of task (rules/task-kind.ts): what an agent asks the model for (structured
// output) and what the offline co-founder fills from the profile and the task; the agents validate against them.

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

/** pitch_deck_outline: the slides in order, each with its title and what it says. */
export const PitchDeckOutline = z.object({
  summary: line,
  slides: z
    .array(z.object({ title: z.string().trim().min(1).max(120), points: z.array(line).min(1).max(6) }))
    .min(3)
    .max(20),
});
export type PitchDeckOutline = z.infer<typeof PitchDeckOutline>;

/**
 * pricing_benchmark: one row per tool. A price or plan the answer could not check is null (the founder fills it
 * in), and every row says where to look, so a worksheet is never passed off as found prices.
 */
export const PricingBenchmark = z.object({
  summary: line,
  rows: z
    .array(
      z.object({
        tool: z.string().trim().min(1).max(120),
        plan: z.string().trim().min(1).max(120).nullable(),
        price: z.string().trim().min(1).max(120).nullable(),
        notes: line,
        whereToLook: line,
      }),
    )
    .min(1)
    .max(20),
  takeaways: z.array(line).max(6),
});
export type PricingBenchmark = z.infer<typeof PricingBenchmark>;

/** sales_pipeline: stages in order with what moves a deal on, and the weekly numbers to hit. */
export const SalesPipeline = z.object({
  summary: line,
  stages: z.array(z.object({ name: z.string().trim().min(1).max(80), exitCriteria: line })).min(3).max(10),
  weeklyTargets: z.array(z.object({ metric: line, target: z.number().int().min(1).max(10_000) })).min(1).max(8),
});
export type SalesPipeline = z.infer<typeof SalesPipeline>;

/** cold_email: one email ready to send once the founder fills any [bracketed] slot. */
export const ColdEmail = z.object({
  summary: line,
  recipient: line,
  subject: z.string().trim().min(1).max(150),
  greeting: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(2000),
  callToAction: line,
  signature: z.string().trim().min(1).max(200),
});
export type ColdEmail = z.infer<typeof ColdEmail>;
