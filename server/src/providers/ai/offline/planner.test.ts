import {
  AGENT_CATEGORY,
  ONBOARDING_GOALS,
  ONBOARDING_INDUSTRIES,
  taskKind,
  type OnboardingProfile,
} from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { bakeryProfile } from '../../../test/factories.ts';
import type { ContextTask } from '../port.ts';
import { planTasks } from './planner.ts';

const profile = (over: Partial<OnboardingProfile> = {}) => bakeryProfile(over);

describe('offline planner: the request shapes the plan', () => {
  const request = 'create tasks to find my first 10 paying customers among freelance designers';

  it('tasks from "find my first 10 paying customers among freelance designers" are about freelance designers', () => {
    // A healthcare founder's own pool has clinicians; the request names designers, so none of it comes in.
    const tasks = planTasks(profile({ industry: 'healthcare', goals: ['customers', 'funding'] }), [], request);
    expect(tasks.map((t) => t.description)).toEqual([
      'Find your first 10 paying customers among freelance designers',
      'List 20 potential customers among freelance designers, with where to find each',
      'Draft a cold email to freelance designers asking for a 15-minute call about "An app that helps bakeries cut food waste"',
      'Set up a sales pipeline for freelance designers with stages and weekly targets to win 10 customers',
      'Research where freelance designers look for tools like "An app that helps bakeries cut food waste" and what they pay today',
    ]);
    expect(tasks.map((t) => t.description).join(' ')).not.toMatch(/clinician|teacher|supplier|investor/i);
    expect(tasks.map((t) => t.agent)).toEqual(['customer_outreach', 'customer_outreach', 'sales_agent', 'sales_agent', 'research_agent']);
    expect(tasks.every((t) => t.requiredPlatforms.length === 0)).toBe(true);
  });

  it('a channel in the request adds posts there, and only those need the platform', () => {
    const tasks = planTasks(profile(), [], 'Create tasks to get 50 beta users among pastry chefs on Reddit');
    const posts = tasks.filter((t) => t.requiredPlatforms.length > 0);
    expect(posts).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/^Write 3 Reddit posts for pastry chefs/), agent: 'marketing_agent', requiredPlatforms: ['reddit'] }),
    ]);
    expect(tasks[0]!.description).toBe('Get 50 beta users among pastry chefs on Reddit');
  });

  it('a request naming neither work nor people gets the usual plan', () => {
    const usual = planTasks(profile(), []);
    expect(planTasks(profile(), [], 'create tasks for this week')).toEqual(usual);
    expect(planTasks(profile(), [], 'Please create some tasks for my startup')).toEqual(usual);
  });

  it('a request already planned falls back to follow-ups, never repeating an open task', () => {
    const first = planTasks(profile(), [], request);
    const open: ContextTask[] = first.map((t) => ({ ...t, status: 'pending' }));
    const second = planTasks(profile(), open, request);
    expect(second.length).toBeGreaterThanOrEqual(5);
    for (const t of second) expect(first.map((f) => f.description)).not.toContain(t.description);
  });
});

describe('offline planner: routing and platforms', () => {
  it('routes by verb and object: the pitch deck goes to research, the investor list to investor outreach', () => {
    const tasks = planTasks(profile({ goals: ['funding'] }), []);
    expect(tasks.find((t) => t.description.startsWith('Outline a 10-slide pitch deck'))?.agent).toBe('research_agent');
    expect(tasks.find((t) => t.description.startsWith('Build a list of 25 investors'))?.agent).toBe('investor_outreach_agent');
  });

  it.each(ONBOARDING_INDUSTRIES.flatMap((industry) => ONBOARDING_GOALS.map((goal) => [industry, goal] as const)))(
    'requiredPlatforms only on post tasks that name the platform (%s, %s)',
    (industry, goal) => {
      for (const t of planTasks(profile({ industry, goals: [goal] }), [])) {
        if (taskKind(t.description).kind !== 'social_posts') expect(t.requiredPlatforms).toEqual([]);
        for (const p of t.requiredPlatforms) expect(t.description).toMatch(p === 'twitter' ? /twitter/i : /reddit/i);
      }
    },
  );
});

describe('offline planner: an autonomy check-in', () => {
  it('with all four focus areas ticked, the first four tasks cover all four', () => {
    const tasks = planTasks(
      profile({ goals: ['validate'] }),
      [],
      'Plan up to 4 tasks in these focus areas: marketing, investor_outreach, product_development, strategy.',
    );
    expect(tasks.slice(0, 4).map((t) => AGENT_CATEGORY[t.agent])).toEqual(['marketing', 'investor_outreach', 'development', expect.stringMatching(/^(research|sales)$/)]);
    // Sorted by priority (as storePlan takes them), the mix keeps its order.
    expect([...tasks].sort((a, b) => b.priority - a.priority)).toEqual(tasks);
  });

  it('with one focus area, every task is in it', () => {
    const tasks = planTasks(profile(), [], 'Plan up to 2 tasks in these focus areas: product_development.');
    expect(tasks.length).toBeGreaterThanOrEqual(2);
    expect(tasks.every((t) => t.agent === 'coding_agent')).toBe(true);
  });
});
