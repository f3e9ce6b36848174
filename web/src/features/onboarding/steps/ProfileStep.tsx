import { ONBOARDING_EXPERIENCE, ONBOARDING_ROLES } from '@cofounder/shared';
import { TextField } from '../../auth/ui/TextField.tsx';
import { ChoiceGroup } from '../ChoiceGroup.tsx';
import { ROLE_LABELS } from '../options.ts';
import type { StepProps } from './step-props.ts';

/** Step 1: name, role (both required) and experience. */
export function ProfileStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">About you</h2>
      <TextField
        id="onboarding-name"
        label="Your name"
        value={draft.name}
        maxLength={100}
        autoComplete="name"
        onChange={(e) => update({ name: e.target.value })}
      />
      <ChoiceGroup
        legend="Your role"
        name="role"
        options={ONBOARDING_ROLES}
        labels={ROLE_LABELS}
        selected={draft.role ? [draft.role] : []}
        onToggle={(role) => update({ role })}
        columns={3}
      />
      <ChoiceGroup
        legend="Experience (optional)"
        name="experience"
        options={ONBOARDING_EXPERIENCE}
        selected={draft.experience ? [draft.experience] : []}
        onToggle={(value) => update({ experience: value })}
        columns={3}
      />
    </div>
  );
}
