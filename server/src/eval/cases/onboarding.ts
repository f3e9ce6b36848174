import { TaskPlan, taskKind, type OnboardingProfile, type TaskKind } from '@cofounder/shared';
import { avoids, expectThat, noDuplicates, schemaValid } from '../grade.ts';
import type { EvalCase } from '../types.ts';
import { BAKERY, CLINIC, FREELANCE, TUTORING } from './founders.ts';

// Onboarding plans (issue 22 §1, §4, §5): the first plan is about this founder's business, serves the goals they
// ticked, and holds no task twice.

/** A plan is a handful of tasks, not one and not a wall. */
const PLAN_SIZE = { min: 3, max: 20 };
/** At least this share of the tasks name the founder's business in its own words. */
const ON_TOPIC_SHARE = 0.5;

/** Kinds of work that serve each goal: a plan for a goal has at least one of them. */
const GOAL_WORK: Record<OnboardingProfile['goals'][number], TaskKind[]> = {
  validate: ['research_brief', 'prospect_list', 'cold_email'],
  build: ['build_spec'],
  customers: ['prospect_list', 'cold_email', 'social_posts', 'sales_pipeline'],
  funding: ['investor_research', 'pitch_deck_outline'],
  scale: ['sales_pipeline', 'social_posts', 'pricing_benchmark', 'prospect_list', 'research_brief'],
  learn: ['research_brief'],
};

const plan = (name: string, profile: Partial<OnboardingProfile>, nouns: string[], others: string[]): EvalCase => ({
  area: 'onboarding',
  name,
  async run(env) {
    const user = await env.founder(profile);
    const { tasks } = await env.tasks(user);
    const texts = tasks.map((x) => x.description.toLowerCase());
    const onTopic = texts.filter((x) => nouns.some((n) => x.includes(n))).length;
    const kinds = new Set(tasks.map((x) => taskKind(x.description).kind));
    const unserved = (profile.goals ?? []).filter((g) => !GOAL_WORK[g].some((k) => kinds.has(k)));
    return [
      schemaValid('task_plan', TaskPlan, { tasks }),
      expectThat(`${PLAN_SIZE.min}-${PLAN_SIZE.max} tasks`, tasks.length >= PLAN_SIZE.min && tasks.length <= PLAN_SIZE.max, `${tasks.length} tasks`),
      expectThat(
        `≥ ${ON_TOPIC_SHARE * 100} % name ${nouns.join('/')}`,
        onTopic >= tasks.length * ON_TOPIC_SHARE,
        `${onTopic} of ${tasks.length}`,
      ),
      expectThat('every goal has work', unserved.length === 0, `no task for ${unserved.join(', ')}`),
      avoids(texts.join('\n'), ['your industry', 'your startup sits', ...others]),
      noDuplicates(tasks),
    ];
  },
});

export const onboardingCases: EvalCase[] = [
  plan('freelance invoicing founder (customers, funding)', FREELANCE, ['invoic', 'freelance', 'designer'], ['bakery', 'clinician', 'teacher', 'supplier']),
  plan('bakery food-waste founder (validate)', BAKERY, ['bakeries', 'bakery', 'food waste', 'baker'], ['clinician', 'teacher', 'freelance']),
  plan('physiotherapy clinic founder (validate, build)', CLINIC, ['clinic', 'physio', 'scheduling'], ['bakery', 'teacher', 'freelance']),
  plan('math tutoring marketplace founder (customers, scale)', TUTORING, ['tutor', 'student', 'math'], ['bakery', 'clinician', 'freelance']),
];
