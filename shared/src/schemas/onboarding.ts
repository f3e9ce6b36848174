import { z } from 'zod';
import { ONBOARDING } from '../constants.ts';

/** Onboarding options of spec 1 §5, as the wizard offers them. */
export const ONBOARDING_ROLES = ['founder', 'employee', 'student', 'freelancer', 'other'] as const;
export const ONBOARDING_EXPERIENCE = ['First-time founder', 'Some experience', 'Serial entrepreneur'] as const;
export const ONBOARDING_INDUSTRIES = ['tech', 'healthcare', 'fintech', 'ecommerce', 'education', 'saas', 'other'] as const;
export const ONBOARDING_GOALS = ['validate', 'build', 'customers', 'funding', 'scale', 'learn'] as const;
export const ONBOARDING_STAGES = [
  'Just an idea',
  'Researching the market',
  'Building prototype',
  'Have an MVP',
  'Getting first customers',
  'Growing revenue',
] as const;

const Text = z.string().trim().max(ONBOARDING.maxTextChars);

/** The founder's profile gathered by the wizard (spec 1 §3 "Onboarding profile"). */
export const OnboardingProfile = z.object({
  name: Text.min(1).max(100),
  role: z.enum(ONBOARDING_ROLES),
  experience: z.enum(ONBOARDING_EXPERIENCE).optional(),
  idea: Text.min(1),
  industry: z.enum(ONBOARDING_INDUSTRIES),
  goals: z.array(z.enum(ONBOARDING_GOALS)).min(1).max(ONBOARDING_GOALS.length),
  stage: z.enum(ONBOARDING_STAGES),
  timeline: Text.max(200).optional(),
  budget: Text.max(200).optional(),
});
export type OnboardingProfile = z.infer<typeof OnboardingProfile>;

/** GET /onboarding/{userId}/status. */
export const OnboardingStatus = z.object({
  isComplete: z.boolean(),
  readyToWork: z.boolean(),
  hasStarted: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

/**
 * POST /api/onboarding/{userId}: one turn of the onboarding conversation. The wizard sends the profile with
 * the first turn (and whenever it changed); `skip_conversation` ends the conversation and generates the plan.
 * An empty text with no skip asks the co-founder for its opening question.
 */
export const OnboardingTurnBody = z.object({
  role: z.literal('user'),
  text: z.string().trim().max(ONBOARDING.maxTextChars),
  conversation_type: z.literal('fast_onboarding').optional(),
  skip_conversation: z.boolean().optional(),
  profile: OnboardingProfile.optional(),
});
export type OnboardingTurnBody = z.infer<typeof OnboardingTurnBody>;

/** The AI's answer to a turn (spec 1 §3 "AI response"). */
export const AiResponse = z.object({
  message: z.string(),
  ready_to_work: z.boolean(),
  tasks_generated: z.number().int().min(0),
  /** Who wrote `message`: a model's name or 'offline' (labelled "Offline draft"); absent for the product's own words. */
  produced_by: z.string().nullable().optional(),
});
export type AiResponse = z.infer<typeof AiResponse>;

export const OnboardingTurnResponse = z.object({ aiResponse: AiResponse });
export type OnboardingTurnResponse = z.infer<typeof OnboardingTurnResponse>;
