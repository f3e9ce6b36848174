import type { OnboardingDraft } from '@cofounder/shared';

/** What every profile step receives: the draft and a way to change part of it. */
export interface StepProps {
  draft: OnboardingDraft;
  update: (patch: Partial<OnboardingDraft>) => void;
}
