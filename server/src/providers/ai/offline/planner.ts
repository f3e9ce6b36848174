import {
  AGENT_CATEGORY,
  PRIORITY,
  type ONBOARDING_GOALS,
  type ONBOARDING_INDUSTRIES,
  type ONBOARDING_STAGES,
  type OnboardingProfile,
  type PlannedTask,
  type SOCIAL_PLATFORMS,
  type TaskAgent,
  type TaskCategory,
} from '@cofounder/shared';
import type { ContextTask } from '../port.ts';
import { ideaPhrase } from './text.ts';

type Social = (typeof SOCIAL_PLATFORMS)[number];

/** A task the planner can propose; `text` gets the founder's idea as a short quoted phrase. */
interface Template {
  agent: TaskAgent;
  text: (idea: string, p: OnboardingProfile | null) => string;
  platforms?: Social[];
}

const t = (agent: TaskAgent, text: Template['text'], platforms?: Social[]): Template => ({ agent, text, platforms });

const STAGE: Record<(typeof ONBOARDING_STAGES)[number], Template[]> = {
  'Just an idea': [t('research_agent', (i) => `Write a one-page problem statement for ${i} and list the assumptions to test first`)],
  'Researching the market': [t('research_agent', (i) => `Estimate the market size for ${i} (TAM, SAM, SOM) with sources`)],
  'Building prototype': [t('coding_agent', (i) => `List what blocks the first user test of the ${i} prototype and fix the top item`)],
  'Have an MVP': [t('customer_outreach', (i) => `Recruit 10 beta users for the ${i} MVP and collect structured feedback`)],
  'Getting first customers': [t('sales_agent', (i) => `Turn your first customer win into a case study for ${i}`)],
  'Growing revenue': [t('sales_agent', (i) => `Break down revenue by channel for ${i} and set next month's growth target`)],
};

const GOAL: Record<(typeof ONBOARDING_GOALS)[number], Template[]> = {
  validate: [
    t('research_agent', (i) => `Interview 10 potential customers about the problem behind ${i} and log their top 3 pains`),
    t('marketing_agent', (i) => `Launch a one-page landing page for ${i} with a waitlist to measure demand`),
  ],
  build: [
    t('coding_agent', (i) => `Define the MVP scope for ${i}: the 3 core features and what to cut`),
    t('coding_agent', (i) => `Build a clickable prototype of the core flow of ${i}`),
  ],
  customers: [
    t('customer_outreach', (i) => `Draft and send personalised outreach to 20 prospects who fit ${i}`),
    t('marketing_agent', (i) => `Post about the problem ${i} solves on Twitter and in 3 relevant subreddits`, ['twitter', 'reddit']),
  ],
  funding: [
    t('investor_outreach_agent', (i, p) => `Build a list of 25 investors who back ${p?.industry ?? 'early'} startups like ${i}`),
    t('investor_outreach_agent', (i) => `Outline a 10-slide pitch deck for ${i}: problem, solution, market, traction, ask`),
  ],
  scale: [
    t('marketing_agent', (i) => `Find the two best-performing acquisition channels for ${i} and double down on them`),
    t('sales_agent', (i) => `Set up a repeatable sales pipeline for ${i} with stages and weekly targets`),
  ],
  learn: [
    t('research_agent', (i) => `Collect 5 case studies of startups similar to ${i} and note what worked`),
    t('research_agent', (i) => `Pick the 5 key metrics for ${i} and set up a weekly review of them`),
  ],
};

const INDUSTRY: Record<(typeof ONBOARDING_INDUSTRIES)[number], Template[]> = {
  tech: [
    t('coding_agent', (i) => `Map the technical risks of ${i} and choose the stack for the first version`),
    t('marketing_agent', (i) => `Share the build-in-public story of ${i} on Twitter every week`, ['twitter']),
  ],
  healthcare: [
    t('research_agent', (i) => `Review the HIPAA and medical-device rules that apply to ${i}`),
    t('customer_outreach', (i) => `Reach out to 10 clinicians for feedback on ${i}`),
  ],
  fintech: [
    t('research_agent', (i) => `Check the licensing, KYC and payments regulations that apply to ${i}`),
    t('coding_agent', (i) => `Compare 3 payment or banking API providers for ${i}`),
  ],
  ecommerce: [
    t('marketing_agent', (i) => `Post product teasers for ${i} on Twitter and in Reddit shopping communities`, ['twitter', 'reddit']),
    t('sales_agent', (i) => `Source and price 3 suppliers or fulfilment options for ${i}`),
  ],
  education: [
    t('customer_outreach', (i) => `Offer a free pilot of ${i} to 5 teachers or schools`),
    t('research_agent', (i) => `Map how schools and learners buy tools like ${i}`),
  ],
  saas: [
    t('coding_agent', (i) => `Design the sign-up and onboarding flow for ${i}`),
    t('research_agent', (i) => `Benchmark the pricing of 5 SaaS tools competing with ${i}`),
  ],
  other: [
    t('research_agent', (i) => `Map the market around ${i}: competitors, substitutes and gaps`),
    t('marketing_agent', (i) => `Join 3 Reddit communities that discuss the problem behind ${i} and share useful answers`, ['reddit']),
  ],
};

const GENERIC: Template[] = [
  t('research_agent', (i) => `Write down the 3 riskiest assumptions behind ${i} and how to test each`),
  t('marketing_agent', (i) => `Write a one-sentence value proposition for ${i} and test it on 5 people`),
  t('sales_agent', (i) => `List 30 target customers for ${i} with their contact details`),
  t('research_agent', (i) => `Analyse 5 competitors of ${i}: pricing, positioning and weaknesses`),
  t('marketing_agent', (i) => `Set up a Twitter account for ${i} and schedule a week of posts`, ['twitter']),
  t('coding_agent', (i) => `Set up basic analytics for ${i} to track sign-ups and activation`),
];

const POOL: Template[] = [...Object.values(GOAL), ...Object.values(INDUSTRY), ...Object.values(STAGE)].flat();

/** Words in the founder's request that point at one work area; its tasks then come first. */
const AREA_WORDS: [TaskCategory, RegExp][] = [
  ['investor_outreach', /\b(investors?|fund\w*|raise|pitch|vcs?)\b/i],
  ['research', /\b(research|competitors?|interviews?|market size)\b/i],
  ['marketing', /\b(marketing|social|twitter|reddit|launch|audience|content)\b/i],
  ['development', /\b(build|code|develop\w*|prototype|mvp|product)\b/i],
  ['sales', /\b(sales|sell|customers?|outreach|leads?)\b/i],
];

const MIN_TASKS = 5;
const MAX_TASKS = 8;
const clamp = (n: number) => Math.min(PRIORITY.max, Math.max(PRIORITY.min, n));
const key = (s: string) => s.toLowerCase().replace(/\W+/g, ' ').trim();

/**
 * A real first (or next) plan from the profile: the stage's most urgent task, two per goal in the founder's
 * order, the industry's own tasks, then general ones; open tasks are never repeated, the area the founder
 * asked about ranks first, and 5-8 tasks come out with priorities 1-10.
 */
export function planTasks(profile: OnboardingProfile | null, existing: ContextTask[], request = ''): PlannedTask[] {
  const idea = ideaPhrase(profile);
  const focus = AREA_WORDS.find(([, words]) => words.test(request))?.[0];
  const ranked: { template: Template; priority: number }[] = [
    ...(profile ? STAGE[profile.stage] : []).map((template) => ({ template, priority: 9 })),
    ...(profile?.goals ?? ['validate' as const]).flatMap((goal, g) =>
      GOAL[goal].map((template, n) => ({ template, priority: 8 - g - n })),
    ),
    ...INDUSTRY[profile?.industry ?? 'other'].map((template, n) => ({ template, priority: 6 - n })),
    ...GENERIC.map((template, n) => ({ template, priority: 4 - Math.floor(n / 2) })),
    // The area asked for draws on every pool, not only the founder's goals ("create investor tasks").
    ...(focus ? POOL.filter((template) => AGENT_CATEGORY[template.agent] === focus) : []).map((template) => ({ template, priority: 6 })),
  ];
  const taken = new Set(existing.map((task) => key(task.description)));
  const plan: PlannedTask[] = [];
  for (const { template, priority } of ranked) {
    const description = template.text(idea, profile);
    if (taken.has(key(description))) continue;
    taken.add(key(description));
    const boost = focus && AGENT_CATEGORY[template.agent] === focus ? 2 : 0;
    plan.push({ description, priority: clamp(priority + boost), agent: template.agent, requiredPlatforms: template.platforms ?? [] });
  }
  plan.sort((a, b) => b.priority - a.priority);
  const chosen = plan.slice(0, MAX_TASKS);
  // Everything in the pool is already open: follow up on the most important open tasks instead.
  for (const task of existing) {
    if (chosen.length >= MIN_TASKS) break;
    const description = `Review progress on "${task.description.slice(0, 200)}" and decide the next step for ${idea}`;
    if (taken.has(key(description))) continue;
    taken.add(key(description));
    chosen.push({ description, priority: clamp(task.priority - 1), agent: task.agent, requiredPlatforms: [] });
  }
  return chosen;
}
