import {
  ColdEmail,
  CodingSpec,
  INVESTORS,
  MarketingPosts,
  OFFLINE_PRODUCER,
  PitchDeckOutline,
  PricingBenchmark,
  ResearchBrief,
  SalesPipeline,
  SalesProspects,
  type OnboardingProfile,
  type PaidPlanId,
  type TaskAgent,
  type TaskKind,
} from '@cofounder/shared';
import { z } from 'zod';
import type { EvalEnv, TaskRun } from '../env.ts';
import { avoids, expectThat, labelled, mentions, schemaValid, type Check } from '../grade.ts';
import type { EvalCase } from '../types.ts';
import { FREELANCE, NOT_FREELANCE } from './founders.ts';

// Each kind of task (issue 22 §1, §2, §5, §6): the agent's result is that kind's output contract filled for this
// founder and this request, honest about what wrote it, and paused only for what it really needs.

/** What investor research records about its run (the investors themselves go to the investor list). */
const InvestorResearchData = z.object({ investors: z.number().int().min(0), drafts: z.number().int().min(0) });

const CONTRACTS: Record<TaskKind, z.ZodType> = {
  pitch_deck_outline: PitchDeckOutline,
  pricing_benchmark: PricingBenchmark,
  sales_pipeline: SalesPipeline,
  cold_email: ColdEmail,
  social_posts: MarketingPosts,
  prospect_list: SalesProspects,
  build_spec: CodingSpec,
  investor_research: InvestorResearchData,
  research_brief: ResearchBrief,
};

interface Work {
  name: string;
  description: string;
  kind: TaskKind;
  /** Words the result must contain: the request's nouns and numbers, or the founder's. */
  words: string[];
  /** File it under this agent instead of the planner's routing (the work must still be what was asked). */
  agent?: TaskAgent;
  profile?: Partial<OnboardingProfile>;
  plan?: PaidPlanId;
  /** More checks on the run and its contract data (already validated). */
  also?: (data: Record<string, unknown>, run: TaskRun, env: EvalEnv) => Check[];
}

const offline = (env: EvalEnv) => env.producer === OFFLINE_PRODUCER;

const work = ({ name, description, kind, words, agent, profile = FREELANCE, plan = 'builder', also }: Work): EvalCase => ({
  area: 'tasks',
  name,
  async run(env) {
    const user = await env.founder(profile, plan);
    const run = await env.runTask(user, description, agent);
    const { task, result } = run;
    if (!result) return [expectThat('has a result', false, `task ${task.status}: ${task.pauseReason ?? 'no result'}`)];
    const data = result.data ?? {};
    const text = `${result.summary}\n${result.content}`;
    const honest = offline(env) ? 'needs_input' : 'achieved';
    return [
      expectThat(`work is ${kind}`, data.kind === kind, `got ${String(data.kind)}`),
      schemaValid(kind, CONTRACTS[kind], data),
      mentions(text, words),
      avoids(text, profile === FREELANCE ? NOT_FREELANCE.filter((w) => !words.includes(w)) : []),
      labelled(result.producedBy, env.producer),
      expectThat(`outcome ${honest}`, result.outcome === honest, `outcome ${result.outcome}`),
      ...(also?.(data, run, env) ?? []),
    ];
  },
});

const count = (name: string, items: unknown, n: number) =>
  expectThat(`${n} ${name}`, Array.isArray(items) && items.length === n, `${Array.isArray(items) ? items.length : 'no'} ${name}`);

const notPaused = ({ task }: TaskRun) =>
  expectThat('not paused', task.status === 'completed' && task.pauseReason === null, `${task.status}: ${task.pauseReason}`);

export const taskCases: EvalCase[] = [
  work({
    name: 'a 10-slide pitch deck filed under investor outreach is a deck',
    description: 'Outline a 10-slide pitch deck for our seed round',
    agent: 'investor_outreach_agent',
    kind: 'pitch_deck_outline',
    words: ['invoicing'],
    also: (d, run) => [count('slides', d.slides, 10), notPaused(run)],
  }),
  work({
    name: 'benchmark the pricing of 5 SaaS tools',
    description: 'Benchmark the pricing of 5 SaaS tools that compete with us',
    kind: 'pricing_benchmark',
    words: ['invoicing'],
    also: (d, _run, env) => {
      const rows = (d.rows ?? []) as { price: string | null }[];
      return [
        count('rows', rows, 5),
        // Offline nothing was looked up: every price is left for the founder, never made up.
        ...(offline(env) ? [expectThat('prices left to fill', rows.every((r) => r.price === null), 'a price was invented')] : []),
      ];
    },
  }),
  work({
    name: 'compare the pricing of 3 tools filed under marketing',
    description: 'Compare the pricing of 3 invoicing tools for freelancers',
    agent: 'marketing_agent',
    kind: 'pricing_benchmark',
    words: ['invoicing'],
    also: (d, run) => [count('rows', d.rows, 3), notPaused(run)],
  }),
  work({
    name: 'a sales pipeline with stages and weekly targets',
    description: 'Set up a sales pipeline with stages and weekly targets',
    kind: 'sales_pipeline',
    words: ['week'],
    also: (d) => [
      expectThat('≥ 3 stages with exit criteria', Array.isArray(d.stages) && d.stages.length >= 3, 'too few stages'),
      expectThat('weekly targets', Array.isArray(d.weeklyTargets) && d.weeklyTargets.length >= 1, 'no targets'),
    ],
  }),
  work({
    name: 'a sales pipeline filed under customer outreach',
    description: 'Build a sales pipeline for agencies that hire freelance designers',
    agent: 'customer_outreach',
    kind: 'sales_pipeline',
    words: ['agencies'],
  }),
  work({
    name: 'a cold email to a bakery owner in Lisbon',
    description: 'Draft a cold email to a bakery owner in Lisbon',
    kind: 'cold_email',
    words: ['bakery', 'Lisbon'],
    also: (d, run) => [
      mentions(String(d.recipient), ['bakery owner', 'Lisbon']),
      mentions(String(d.signature), ['Maya']),
      notPaused(run),
    ],
  }),
  work({
    name: 'a cold email filed under marketing does not wait for X or Reddit',
    description: 'Write an intro email to design agencies in Brooklyn',
    agent: 'marketing_agent',
    kind: 'cold_email',
    words: ['agencies', 'Brooklyn'],
    also: (_d, run) => [notPaused(run)],
  }),
  work({
    name: 'three tweets about late invoices',
    description: 'Write 3 tweets about late invoices for freelance designers',
    kind: 'social_posts',
    words: ['invoice'],
    also: (d, { task }) => [
      count('tweets', d.tweets, 3),
      expectThat('paused for X only', !/reddit/i.test(task.pauseReason ?? ''), `pause: ${task.pauseReason}`),
    ],
  }),
  work({
    name: 'a Reddit post pauses for Reddit only',
    description: 'Write a Reddit post for freelance designers about chasing late invoices',
    kind: 'social_posts',
    words: ['invoice'],
    also: (d, { task }) => [
      expectThat('a Reddit post', Array.isArray(d.redditPosts) && d.redditPosts.length >= 1, 'no Reddit post'),
      expectThat('paused for Reddit only', task.pauseReason === 'Connect Reddit to publish this post', `pause: ${task.pauseReason}`),
    ],
  }),
  work({
    name: 'a research brief on how designers choose tools',
    description: 'Research how freelance designers choose invoicing tools',
    kind: 'research_brief',
    words: ['designer', 'invoicing'],
    also: (d, run, env) => [
      notPaused(run),
      // Sources only when the provider browsed: offline never invents a link.
      ...(offline(env) ? [count('sources', d.sources, 0)] : []),
    ],
  }),
  work({
    name: 'a prospect list of freelance designers',
    description: 'Find 10 freelance designers who could become our first customers',
    kind: 'prospect_list',
    words: ['designer'],
    also: (_d, run) => [notPaused(run)],
  }),
  work({
    name: 'a build spec for a landing page with a waitlist',
    description: 'Build a landing page with a waitlist sign-up form',
    kind: 'build_spec',
    words: ['landing page', 'waitlist'],
  }),
  work({
    name: 'investor research keeps only investors that match',
    description: 'Find 20 seed investors in fintech',
    kind: 'investor_research',
    words: ['investor'],
    also: (_d, { result }) => {
      const scores = [...(result?.content ?? '').matchAll(/match (\d+)\/100/g)].map((m) => Number(m[1]));
      const below = scores.filter((s) => s < INVESTORS.match.threshold);
      return [
        expectThat('found investors', scores.length > 0, 'none found'),
        expectThat(`every score ≥ ${INVESTORS.match.threshold}`, below.length === 0, `scores ${below.join(', ')}`),
        avoids(result?.content ?? '', ['mental health', 'edtech', 'biotech', 'emerging markets']),
      ];
    },
  }),
  {
    area: 'tasks',
    name: 'investor research on the Free plan pauses with the upgrade reason',
    async run(env) {
      const user = await env.founder(FREELANCE);
      const { task, result } = await env.runTask(user, 'Find 20 seed investors in fintech', 'investor_outreach_agent');
      return [
        expectThat('paused', task.status === 'paused_login_required', task.status),
        expectThat('upgrade reason', task.pauseReason === INVESTORS.planPauseReason, `pause: ${task.pauseReason}`),
        expectThat('nothing researched', (result?.data?.investors ?? 0) === 0 && (result?.data?.drafts ?? 0) === 0, 'researched anyway'),
      ];
    },
  },
];
