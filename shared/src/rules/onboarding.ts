import { z } from 'zod';
import { ONBOARDING } from '../constants.ts';
import { ONBOARDING_GOALS, OnboardingProfile } from '../schemas/onboarding.ts';

/** The wizard's profile while it is being filled in: text may be empty, choices may be missing. */
export interface OnboardingDraft {
  name: string;
  role?: OnboardingProfile['role'];
  experience?: OnboardingProfile['experience'];
  idea: string;
  industry?: OnboardingProfile['industry'];
  goals: OnboardingProfile['goals'];
  stage?: OnboardingProfile['stage'];
}

export const EMPTY_DRAFT: OnboardingDraft = { name: '', idea: '', goals: [] };

/** The last step (the ready summary with "Start Building"). */
export const LAST_ONBOARDING_STEP = ONBOARDING.steps - 1;

/** The onboarding conversation's fixed texts (spec 1 §8 "Onboarding voice and chat"). */
export const ONBOARDING_TEXT = {
  chatError: "Something went wrong, but I'm still excited to hear more about your idea!",
  openingFallback: 'Tell me about your startup in 1-2 sentences - what problem are you solving?',
} as const;

/** Spec 1 §4: Next stays disabled until the step's requirements are met. */
export function canAdvance(step: number, draft: OnboardingDraft, aiReady: boolean): boolean {
  switch (step) {
    case 1:
      return draft.name.trim() !== '' && draft.role !== undefined;
    case 2:
      return draft.idea.trim() !== '' && draft.industry !== undefined;
    case 3:
      return draft.goals.length > 0;
    case 4:
      return draft.stage !== undefined;
    case ONBOARDING.conversationStep:
      return aiReady;
    default:
      return step >= 0 && step < LAST_ONBOARDING_STEP;
  }
}

/** Spec 1 §4: Back is hidden on the welcome step and in the AI conversation. */
export function showsBack(step: number): boolean {
  return step !== 0 && step !== ONBOARDING.conversationStep;
}

/** Where a returning founder resumes: the first profile step still missing something, else the conversation. */
export function resumeStep(draft: OnboardingDraft): number {
  const untouched = Object.values(draft).every(
    (v) => v === undefined || v === '' || (Array.isArray(v) && !v.length),
  );
  if (untouched) return 0;
  for (let step = 1; step < ONBOARDING.conversationStep; step++) {
    if (!canAdvance(step, draft, false)) return step;
  }
  return ONBOARDING.conversationStep;
}

/** The complete profile the server expects, or null while a required field is missing or invalid. */
export function draftProfile(draft: OnboardingDraft): OnboardingProfile | null {
  const parsed = OnboardingProfile.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

/** The stored draft (`user_profile_{userId}`): unknown or damaged fields fall back to empty, never throw. */
const StoredDraft = z
  .object({
    name: z.string().max(100).catch(''),
    role: OnboardingProfile.shape.role.optional().catch(undefined),
    experience: OnboardingProfile.shape.experience.catch(undefined),
    idea: z.string().max(ONBOARDING.maxTextChars).catch(''),
    industry: OnboardingProfile.shape.industry.optional().catch(undefined),
    goals: z.array(z.enum(ONBOARDING_GOALS)).max(ONBOARDING_GOALS.length).catch([]),
    stage: OnboardingProfile.shape.stage.optional().catch(undefined),
  })
  .catch(EMPTY_DRAFT);

/** Reads a stored draft (already JSON-parsed). */
export function parseDraft(value: unknown): OnboardingDraft {
  return StoredDraft.parse(value);
}

export interface ConversationProgress {
  label: string;
  /** Index of `label` in ONBOARDING.progressLabels. */
  index: number;
  /** 0-100 for the progress bar. */
  percent: number;
  complete: boolean;
}

/** Spec 1 §4: Intro, Product, Challenges, Action Plan from 0/2/6/10 messages; complete at 11. */
export function conversationProgress(messageCount: number): ConversationProgress {
  const labels = ONBOARDING.progressLabels;
  let index = 0;
  labels.forEach((entry, i) => {
    if (messageCount >= entry.fromMessages) index = i;
  });
  const complete = messageCount >= ONBOARDING.completeAtMessages;
  const percent = Math.min(
    100,
    Math.round((Math.max(0, messageCount) / ONBOARDING.completeAtMessages) * 100),
  );
  return { label: labels[index]!.label, index, percent, complete };
}

/** The wizard's progress bar in percent: step 0 of 7 already shows a sliver, the last step a full bar. */
export function wizardPercent(step: number): number {
  return Math.round(((step + 1) / ONBOARDING.steps) * 100);
}
