import {
  DEFAULT_INTERN_SETTINGS,
  ONBOARDING,
  ONBOARDING_GOALS,
  ONBOARDING_INDUSTRIES,
  ONBOARDING_STAGES,
  TaskPlan,
  type OnboardingProfile,
} from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { bakeryProfile } from '../../test/factories.ts';
import { OnboardingTurnOutput } from '../../features/onboarding/onboarding.service.ts';
import { createOfflineProvider } from './offline.ts';
import type { AiMessage, ChatRequest, ContextTask } from './port.ts';
import { words } from './offline/text.ts';

const ai = createOfflineProvider();

const profile = bakeryProfile;

function request(p: OnboardingProfile | null, messages: AiMessage[], tasks: ContextTask[] = []): ChatRequest {
  return { system: 'unused offline', messages, maxTokens: 400, context: { profile: p, settings: DEFAULT_INTERN_SETTINGS, tasks } };
}

/** Runs the interview to the ready signal, checking every question on the way. */
async function interview(p: OnboardingProfile) {
  const messages: AiMessage[] = [];
  for (let turn = 0; turn < 10; turn++) {
    const out = await ai.structured({ ...request(p, messages), name: 'onboarding_turn', schema: OnboardingTurnOutput });
    expect(words(out.message).length).toBeLessThan(ONBOARDING.maxReplyWords);
    if (out.ready_to_work) return { turns: turn, messages };
    expect(out.message.endsWith('?')).toBe(true);
    messages.push({ role: 'assistant', content: out.message }, { role: 'user', content: `Answer number ${turn + 1}.` });
  }
  throw new Error('never ready');
}

async function plan(p: OnboardingProfile | null, tasks: ContextTask[] = [], ask = '') {
  const messages: AiMessage[] = ask ? [{ role: 'user', content: ask }] : [];
  return (await ai.structured({ ...request(p, messages, tasks), name: 'task_plan', schema: TaskPlan })).tasks;
}

function expectRealPlan(tasks: TaskPlan['tasks'], p: OnboardingProfile) {
  expect(tasks.length).toBeGreaterThanOrEqual(5);
  expect(tasks.length).toBeLessThanOrEqual(8);
  expect(new Set(tasks.map((t) => t.description)).size).toBe(tasks.length);
  const idea = words(p.idea).slice(0, 4).join(' ');
  for (const t of tasks) {
    expect(t.description).toContain(idea);
    expect(t.priority).toBeGreaterThanOrEqual(1);
    expect(t.priority).toBeLessThanOrEqual(10);
    if (/twitter|reddit/i.test(t.description) && t.agent === 'marketing_agent') expect(t.requiredPlatforms.length).toBeGreaterThan(0);
  }
  // Highest priority first.
  expect(tasks.map((t) => t.priority)).toEqual([...tasks.map((t) => t.priority)].sort((a, b) => b - a));
}

describe('offline onboarding', () => {
  it.each(ONBOARDING_INDUSTRIES)('reaches ready after 4 answers and plans for industry %s', async (industry) => {
    const p = profile({ industry });
    expect((await interview(p)).turns).toBe(4);
    expectRealPlan(await plan(p), p);
  });

  const GOAL_AGENT = {
    validate: 'research_agent',
    build: 'coding_agent',
    customers: 'customer_outreach',
    funding: 'investor_outreach_agent',
    scale: 'sales_agent',
    learn: 'research_agent',
  } as const;
  it.each(ONBOARDING_GOALS)('reaches ready and plans for goal %s, with that goal\'s work in the plan', async (goal) => {
    const p = profile({ goals: [goal], industry: 'other' });
    expect((await interview(p)).turns).toBe(4);
    const tasks = await plan(p);
    expectRealPlan(tasks, p);
    expect(tasks.map((t) => t.agent)).toContain(GOAL_AGENT[goal]);
  });

  it.each(ONBOARDING_STAGES)('plans the stage %s first', async (stage) => {
    const tasks = await plan(profile({ stage }));
    expect(tasks[0]!.priority).toBe(9);
  });

  it('asks different questions for different profiles and uses the name and idea', async () => {
    const first = await ai.structured({ ...request(profile(), []), name: 'onboarding_turn', schema: OnboardingTurnOutput });
    expect(first.message).toMatch(/^Hi Ada!/);
    expect(first.message).toContain('"An app that helps bakeries cut');
    const a = await interview(profile({ industry: 'healthcare', goals: ['funding'] }));
    const b = await interview(profile({ industry: 'education', goals: ['build'] }));
    expect(a.messages.map((m) => m.content)).not.toEqual(b.messages.map((m) => m.content));
  });

  it('social marketing tasks name their platforms', async () => {
    const tasks = await plan(profile({ goals: ['customers'], industry: 'ecommerce' }));
    const social = tasks.filter((t) => t.requiredPlatforms.length > 0);
    expect(social.length).toBeGreaterThan(0);
    expect(social.every((t) => t.agent === 'marketing_agent')).toBe(true);
    expect(social.flatMap((t) => t.requiredPlatforms)).toEqual(expect.arrayContaining(['twitter', 'reddit']));
  });

  it('a second plan repeats no open task, and the area asked for ranks first', async () => {
    const p = profile({ goals: ['validate', 'customers'] });
    const first = await plan(p);
    const open: ContextTask[] = first.map((t) => ({ ...t, status: 'pending' }));
    const second = await plan(p, open, 'create some investor tasks');
    expect(second.length).toBeGreaterThanOrEqual(5);
    for (const t of second) expect(first.map((f) => f.description)).not.toContain(t.description);
    expect(second[0]!.agent).toBe('investor_outreach_agent');
  });
});
