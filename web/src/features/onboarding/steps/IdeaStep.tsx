import { ONBOARDING, ONBOARDING_INDUSTRIES } from '@cofounder/shared';
import { inputClass, inputOk } from '../../auth/ui/styles.ts';
import { ChoiceGroup } from '../ChoiceGroup.tsx';
import { INDUSTRY_LABELS } from '../options.ts';
import type { StepProps } from './step-props.ts';

/** Step 2: the idea in one sentence and its industry (both required). */
export function IdeaStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Your idea</h2>
      <div>
        <label
          htmlFor="onboarding-idea"
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Your idea in one sentence
        </label>
        <textarea
          id="onboarding-idea"
          rows={3}
          maxLength={ONBOARDING.maxTextChars}
          value={draft.idea}
          placeholder="e.g. Invoicing software that chases late payments for freelancers"
          onChange={(e) => update({ idea: e.target.value })}
          className={`${inputClass} ${inputOk} resize-y`}
        />
      </div>
      <ChoiceGroup
        legend="Industry"
        name="industry"
        options={ONBOARDING_INDUSTRIES}
        labels={INDUSTRY_LABELS}
        selected={draft.industry ? [draft.industry] : []}
        onToggle={(industry) => update({ industry })}
        columns={3}
      />
    </div>
  );
}
