import { describe, expect, it } from 'vitest';
import {
  canAdvance,
  conversationProgress,
  draftProfile,
  EMPTY_DRAFT,
  parseDraft,
  resumeStep,
  showsBack,
  wizardPercent,
  type OnboardingDraft,
} from './onboarding.ts';

const FULL: OnboardingDraft = {
  name: 'Ada',
  role: 'founder',
  experience: 'Some experience',
  idea: 'Invoices that chase themselves',
  industry: 'fintech',
  goals: ['validate', 'customers'],
  stage: 'Just an idea',
};

describe('onboarding step gates', () => {
  it('needs name and role on step 1', () => {
    expect(canAdvance(1, { ...EMPTY_DRAFT, name: '  ', role: 'founder' }, false)).toBe(false);
    expect(canAdvance(1, { ...EMPTY_DRAFT, name: 'Ada' }, false)).toBe(false);
    expect(canAdvance(1, { ...EMPTY_DRAFT, name: 'Ada', role: 'student' }, false)).toBe(true);
  });

  it('needs idea and industry on step 2, a goal on step 3, a stage on step 4', () => {
    expect(canAdvance(2, { ...FULL, industry: undefined }, false)).toBe(false);
    expect(canAdvance(2, { ...FULL, idea: ' ' }, false)).toBe(false);
    expect(canAdvance(2, FULL, false)).toBe(true);
    expect(canAdvance(3, { ...FULL, goals: [] }, false)).toBe(false);
    expect(canAdvance(3, FULL, false)).toBe(true);
    expect(canAdvance(4, { ...FULL, stage: undefined }, false)).toBe(false);
    expect(canAdvance(4, FULL, false)).toBe(true);
  });

  it('needs the AI ready signal on step 5; welcome always advances, the last step never does', () => {
    expect(canAdvance(5, FULL, false)).toBe(false);
    expect(canAdvance(5, FULL, true)).toBe(true);
    expect(canAdvance(0, EMPTY_DRAFT, false)).toBe(true);
    expect(canAdvance(6, FULL, true)).toBe(false);
  });

  it('hides Back on steps 0 and 5 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(showsBack)).toEqual([false, true, true, true, true, false, true]);
  });
});

describe('resuming a stored draft', () => {
  it('starts at the welcome step when nothing was entered, else at the first incomplete step', () => {
    expect(resumeStep(EMPTY_DRAFT)).toBe(0);
    expect(resumeStep({ ...EMPTY_DRAFT, name: 'Ada' })).toBe(1);
    expect(resumeStep({ ...FULL, goals: [] })).toBe(3);
    expect(resumeStep(FULL)).toBe(5);
  });

  it('reads damaged storage without throwing', () => {
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(
      parseDraft({
        name: 'Ada',
        role: 'king',
        goals: ['validate', 'world-domination'],
        stage: 'Have an MVP',
      }),
    ).toEqual({
      name: 'Ada',
      role: undefined,
      experience: undefined,
      idea: '',
      industry: undefined,
      goals: [],
      stage: 'Have an MVP',
    });
    expect(parseDraft(JSON.parse(JSON.stringify(FULL)))).toEqual(FULL);
  });

  it('gives the server profile only when complete', () => {
    expect(draftProfile({ ...FULL, goals: [] })).toBeNull();
    expect(draftProfile(FULL)).toMatchObject({ name: 'Ada', goals: ['validate', 'customers'] });
  });
});

describe('conversation progress', () => {
  it.each([
    [0, 'Intro', false],
    [1, 'Intro', false],
    [2, 'Product', false],
    [5, 'Product', false],
    [6, 'Challenges', false],
    [9, 'Challenges', false],
    [10, 'Action Plan', false],
    [11, 'Action Plan', true],
    [30, 'Action Plan', true],
  ] as const)('%i messages: %s (complete %s)', (count, label, complete) => {
    expect(conversationProgress(count)).toMatchObject({ label, complete });
  });

  it('fills the bar up to 100% at 11 messages', () => {
    expect(conversationProgress(0).percent).toBe(0);
    expect(conversationProgress(11).percent).toBe(100);
    expect(conversationProgress(20).percent).toBe(100);
  });

  it('fills the wizard bar by step', () => {
    expect(wizardPercent(0)).toBe(14);
    expect(wizardPercent(6)).toBe(100);
  });
});
