import {
  AGENT_CATEGORY,
  PRIORITY,
  type ONBOARDING_GOALS,
  type ONBOARDING_INDUSTRIES,
  type ONBOARDING_STAGES,
  type OnboardingProfile,
  type PlannedTask,
  type TaskCategory,
} from '@cofounder/shared';
import type { ContextTask } from '../port.ts';
import { checkInOf, mixed, planned, requestedTasks } from './plan-request.ts';
import { ideaPhrase } from './text.ts';

/** A task the planner can propose; `text` gets the founder's idea as a short quoted phrase. Its kind, and so its
 * agent, comes from its own words (shared rules/task-kind.ts). */
type Template = (idea: string, p: OnboardingProfile | null) => string;

const STAGE: Record<(typeof ONBOARDING_STAGES)[number], Template[]> = {
  'Just an idea': [(i) => `Write a one-page problem statement for ${i} and list the assumptions to test first`],
  'Researching the market': [(i) => `Estimate the market size for ${i} (TAM, SAM, SOM) with sources`],
  'Building prototype': [(i) => `List what blocks the first user test of the ${i} prototype and fix the top item`],
  'Have an MVP': [(i) => `Recruit 10 beta users for the ${i} MVP and collect structured feedback`],
  'Getting first customers': [(i) => `Turn your first customer win into a case study for ${i}`],
  'Growing revenue': [(i) => `Break down revenue by channel for ${i} and set next month's growth target`],
};

const GOAL: Record<(typeof ONBOARDING_GOALS)[number], Template[]> = {
  validate: [
    (i) => `Interview 10 potential customers about the problem behind ${i} and log their top 3 pains`,
    (i) => `Launch a one-page landing page for ${i} with a waitlist to measure demand`,
  ],
  build: [
    (i) => `Define the MVP scope for ${i}: the 3 core features and what to cut`,
    (i) => `Build a clickable prototype of the core flow of ${i}`,
  ],
  customers: [
    (i) => `Draft and send personalised outreach to 20 prospects who fit ${i}`,
    (i) => `Post about the problem ${i} solves on Twitter and in 3 relevant subreddits`,
  ],
  funding: [
    (i, p) => `Build a list of 25 investors who back ${p?.industry ?? 'early'} startups like ${i}`,
    (i) => `Outline a 10-slide pitch deck for ${i}: problem, solution, market, traction, ask`,
  ],
  scale: [
    (i) => `Find the two best-performing acquisition channels for ${i} and double down on them`,
    (i) => `Set up a repeatable sales pipeline for ${i} with stages and weekly targets`,
  ],
  learn: [
    (i) => `Collect 5 case studies of startups similar to ${i} and note what worked`,
    (i) => `Pick the 5 key metrics for ${i} and set up a weekly review of them`,
  ],
};

const INDUSTRY: Record<(typeof ONBOARDING_INDUSTRIES)[number], Template[]> = {
  tech: [
    (i) => `Map the technical risks of ${i} and choose the stack for the first version`,
    (i) => `Share the build-in-public story of ${i} on Twitter every week`,
  ],
  healthcare: [
    (i) => `Review the HIPAA and medical-device rules that apply to ${i}`,
    (i) => `Reach out to 10 clinicians for feedback on ${i}`,
  ],
  fintech: [
    (i) => `Check the licensing, KYC and payments regulations that apply to ${i}`,
    (i) => `Compare 3 payment or banking API providers for ${i}`,
  ],
  ecommerce: [
    (i) => `Post product teasers for ${i} on Twitter and in Reddit shopping communities`,
    (i) => `Source and price 3 suppliers or fulfilment options for ${i}`,
  ],
  education: [
    (i) => `Offer a free pilot of ${i} to 5 teachers or schools`,
    (i) => `Map how schools and learners buy tools like ${i}`,
  ],
  saas: [
    (i) => `Design the sign-up and onboarding flow for ${i}`,
    (i) => `Benchmark the pricing of 5 SaaS tools competing with ${i}`,
  ],
  other: [
    (i) => `Map the market around ${i}: competitors, substitutes and gaps`,
    (i) => `Join 3 Reddit communities that discuss the problem behind ${i} and share useful answers`,
  ],
};

const GENERIC: Template[] = [
  (i) => `Write down the 3 riskiest assumptions behind ${i} and how to test each`,
  (i) => `Write a one-sentence value proposition for ${i} and test it on 5 people`,
  (i) => `List 30 target customers for ${i} with their contact details`,
  (i) => `Analyse 5 competitors of ${i}: pricing, positioning and weaknesses`,
  (i) => `Set up a Twitter account for ${i} and schedule a week of posts`,
  (i) => `Set up basic analytics for ${i} to track sign-ups and activation`,
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
 * asked about ranks first, and 5-8 tasks come out with priorities 1-10. A request with a goal ("create tasks to find
 * my first 10 paying customers among freelance designers") gets tasks built from its own words instead, and a
 * check-in's focus areas and count (autonomy) decide the mix.
 */
export function planTasks(profile: OnboardingProfile | null, existing: ContextTask[], request = ''): PlannedTask[] {
  const idea = ideaPhrase(profile);
  const taken = new Set(existing.map((task) => key(task.description)));
  const fresh = (tasks: PlannedTask[]) =>
    tasks.filter((task) => !taken.has(key(task.description)) && (taken.add(key(task.description)), true));

  const check = checkInOf(request);
  const asked = check ? [] : fresh(requestedTasks(request, profile));
  const plan = check
    ? // Every pool, the profile's own tasks first: an area ticked but outside the founder's goals still gets work.
      mixed(fresh([...ranked(profile, idea), ...POOL.map((template) => planned(template(idea, profile), 5))]), check)
    : asked.length
      ? asked
      : fresh(ranked(profile, idea, request)).sort((a, b) => b.priority - a.priority).slice(0, MAX_TASKS);
  // Everything in the pool is already open: follow up on the most important open tasks instead.
  for (const task of existing) {
    if (plan.length >= MIN_TASKS) break;
    plan.push(...fresh([planned(`Review progress on "${task.description.slice(0, 200)}" and decide the next step for ${idea}`, task.priority - 1)]));
  }
  return plan;
}

/** Every template in rank order, the area the request names first. */
function ranked(profile: OnboardingProfile | null, idea: string, request = ''): PlannedTask[] {
  const focus = AREA_WORDS.find(([, words]) => words.test(request))?.[0];
  const inFocus = (task: PlannedTask) => focus !== undefined && AGENT_CATEGORY[task.agent] === focus;
  const all: [Template, number][] = [
    ...(profile ? STAGE[profile.stage] : []).map((template): [Template, number] => [template, 9]),
    ...(profile?.goals ?? ['validate' as const]).flatMap((goal, g) =>
      GOAL[goal].map((template, n): [Template, number] => [template, 8 - g - n]),
    ),
    ...INDUSTRY[profile?.industry ?? 'other'].map((template, n): [Template, number] => [template, 6 - n]),
    ...GENERIC.map((template, n): [Template, number] => [template, 4 - Math.floor(n / 2)]),
  ];
  const tasks = all.map(([template, priority]) => planned(template(idea, profile), priority));
  // The area asked for draws on every pool, not only the founder's goals ("create investor tasks").
  const extra = focus ? POOL.map((template) => planned(template(idea, profile), 6)).filter(inFocus) : [];
  return [...tasks, ...extra].map((task) => (inFocus(task) ? { ...task, priority: clamp(task.priority + 2) } : task));
}
