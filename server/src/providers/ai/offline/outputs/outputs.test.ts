import {
  ColdEmail,
  CodingSpec,
  DEFAULT_INTERN_SETTINGS,
  MarketingPosts,
  PitchDeckOutline,
  PricingBenchmark,
  ResearchBrief,
  SalesPipeline,
  SalesProspects,
  type OnboardingProfile,
} from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bakeryProfile } from '../../../../test/factories.ts';
import { createOfflineProvider } from '../../offline.ts';
import type { StructuredName } from '../../port.ts';

// The offline co-founder's work per task kind: each answer parses with its contract and is about the task asked.

const ai = createOfflineProvider();

async function work<S extends z.ZodType>(name: StructuredName, schema: S, task: string, profile: OnboardingProfile | null = bakeryProfile()) {
  return ai.structured({
    system: 'unused offline',
    messages: [{ role: 'user', content: task }],
    maxTokens: 2000,
    context: { profile, settings: DEFAULT_INTERN_SETTINGS, tasks: [] },
    name,
    schema,
  });
}

const text = (value: unknown) => JSON.stringify(value);

describe('offline task outputs fill their contract from the task', () => {
  it('a 10-slide pitch deck outline has 10 titled slides with points, the profile filled in', async () => {
    const deck = await work('pitch_deck_outline', PitchDeckOutline, 'Outline a 10-slide pitch deck for our seed round');
    expect(deck.slides).toHaveLength(10);
    expect(deck.slides.map((s) => s.title).slice(0, 3)).toEqual(['Title', 'Problem', 'Solution']);
    expect(deck.slides.every((s) => s.points.length > 0)).toBe(true);
    expect(text(deck)).toContain('bakeries cut food waste');
    expect(text(deck)).toContain('Ada Lovelace');
    // No investor list in a deck.
    expect(text(deck)).not.toMatch(/\binvestors? list\b/i);
  });

  it('a pricing benchmark of 5 SaaS tools has 5 rows; prices are left to fill, never invented', async () => {
    const b = await work('pricing_benchmark', PricingBenchmark, 'Benchmark the pricing of 5 SaaS tools that compete with us');
    expect(b.rows).toHaveLength(5);
    expect(b.rows.every((r) => r.price === null && r.whereToLook.length > 0)).toBe(true);
    expect(b.summary).toContain('5 tools');
  });

  it('a benchmark of named tools has one row per name', async () => {
    const b = await work('pricing_benchmark', PricingBenchmark, 'Compare the pricing of tools like Notion, Asana and Trello');
    expect(b.rows.map((r) => r.tool)).toEqual(['Notion', 'Asana', 'Trello']);
    expect(b.rows[0]!.whereToLook).toContain("Notion's pricing page");
  });

  it('a sales pipeline has ordered stages with exit criteria and weekly targets sized to the goal', async () => {
    const p = await work('sales_pipeline', SalesPipeline, 'Set up a sales pipeline for freelance designers: win 12 customers, with stages and weekly targets');
    expect(p.stages.map((s) => s.name)).toEqual(['Lead', 'Contacted', 'Call booked', 'Trial or proposal', 'Won']);
    expect(p.stages.every((s) => s.exitCriteria.length > 10)).toBe(true);
    expect(p.weeklyTargets.find((t) => t.metric === 'Deals won')?.target).toBe(3);
    expect(p.weeklyTargets[0]!.metric).toBe('New freelance designers contacted');
  });

  it('a cold email to a bakery owner in Lisbon has subject, greeting, body, call to action and signature', async () => {
    const e = await work('cold_email', ColdEmail, 'Draft a cold email to a bakery owner in Lisbon');
    expect(e.recipient).toBe('a bakery owner in Lisbon');
    expect(e.subject).toBe('Quick question for a bakery owner in Lisbon');
    expect(e.greeting).toMatch(/\[name of the bakery owner in Lisbon\],$/);
    expect(e.body).toContain('building an app that helps bakeries cut food waste');
    expect(e.callToAction).toContain('15 minutes this week');
    expect(e.signature).toContain('Ada Lovelace');
  });

  it('research briefs differ per task and name the task, with no filler about "your industry"', async () => {
    const a = await work('research_brief', ResearchBrief, 'Estimate the market size for bakery software (TAM, SAM, SOM)');
    const b = await work('research_brief', ResearchBrief, 'Interview restaurant owners about food waste');
    expect(a.summary).toContain('Estimate the market size for bakery software');
    expect(b.summary).toContain('Interview restaurant owners about food waste');
    expect(a.market).not.toEqual(b.market);
    expect(a.nextSteps).not.toEqual(b.nextSteps);
    expect(text(b)).toContain('restaurant owners');
    for (const brief of [a, b]) expect(text(brief)).not.toMatch(/sits in|your industry/);
    expect(a.sources).toEqual([]);
  });

  it('without a profile a brief says what is missing instead of inventing it', async () => {
    const brief = await work('research_brief', ResearchBrief, 'Map the market for pet insurance', null);
    expect(brief.market).toContain('Your profile has no idea or industry yet');
    expect(text(brief)).not.toMatch(/sits in|your industry/);
  });

  it('prospects and messages are about the audience the task names', async () => {
    const s = await work('sales_prospects', SalesProspects, 'Find my first 10 paying customers among freelance designers');
    expect(s.summary).toContain('10 freelance designers');
    expect(s.prospects.map((p) => p.profile)).toEqual([
      'Freelance designers who handle this themselves today',
      'Freelance designers who posted or asked about this problem recently',
      'People who serve freelance designers (agencies, consultants, communities)',
    ]);
    expect(s.messages[0]!.subject).toBe('Quick question for freelance designers');
    expect(text(s)).not.toMatch(/clinician|teacher|supplier/i);
  });

  it('posts go only to the channel the task names', async () => {
    const x = await work('marketing_posts', MarketingPosts, 'Draft a tweet about our beta launch for bakery owners');
    expect(x.redditPosts).toEqual([]);
    expect(x.tweets).toHaveLength(1);
    expect(x.tweets[0]!.text).toContain('our beta launch');
    const r = await work('marketing_posts', MarketingPosts, 'Write a post for r/smallbusiness about food waste');
    expect(r.tweets).toEqual([]);
    expect(r.redditPosts[0]!.subreddit).toBe('smallbusiness');
    expect(r.redditPosts[0]!.title).toContain('food waste');
  });

  it('as many posts as asked, each different: 3 Reddit posts in 3 subreddits, 2 tweets', async () => {
    const r = await work('marketing_posts', MarketingPosts, 'Write 3 Reddit posts for freelance designers about late invoices');
    expect(r.redditPosts.map((post) => post.subreddit)).toEqual(['SaaS', 'startups', 'SideProject']);
    expect(r.redditPosts[0]!.title).toBe('Feedback wanted: late invoices');
    expect(r.redditPosts[0]!.body).toContain('Freelance designers: how do you handle this today?');
    const x = await work('marketing_posts', MarketingPosts, 'Draft 2 tweets about our beta launch');
    expect(x.tweets).toHaveLength(2);
    expect(new Set(x.tweets.map((t) => t.text)).size).toBe(2);
  });

  it('a build spec names what the task asks to build', async () => {
    const c = await work('coding_spec', CodingSpec, 'Design the sign-up and onboarding flow for bakery managers');
    expect(c.spec).toContain('Goal: Design the sign-up and onboarding flow for bakery managers.');
    expect(c.spec).toContain('bakery managers');
    expect(c.steps[0]!.title).toContain('the sign-up');
  });
});
