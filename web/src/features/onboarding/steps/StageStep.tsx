import { ONBOARDING_STAGES } from '@cofounder/shared';
import { ChoiceGroup } from '../ChoiceGroup.tsx';
import type { StepProps } from './step-props.ts';

/** Step 4: the startup's stage (required). */
export function StageStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Your stage</h2>
      <ChoiceGroup
        legend="Where are you now?"
        name="stage"
        options={ONBOARDING_STAGES}
        selected={draft.stage ? [draft.stage] : []}
        onToggle={(stage) => update({ stage })}
      />
    </div>
  );
}
