import { ONBOARDING_GOALS } from '@cofounder/shared';
import { ChoiceGroup } from '../ChoiceGroup.tsx';
import { GOAL_LABELS } from '../options.ts';
import type { StepProps } from './step-props.ts';

/** Step 3: goals, at least one. */
export function GoalsStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Your goals</h2>
      <ChoiceGroup
        legend="What do you want to achieve? Choose all that apply."
        name="goals"
        multiple
        options={ONBOARDING_GOALS}
        labels={GOAL_LABELS}
        selected={draft.goals}
        onToggle={(goal) =>
          update({
            goals: draft.goals.includes(goal)
              ? draft.goals.filter((g) => g !== goal)
              : [...draft.goals, goal],
          })
        }
      />
    </div>
  );
}
