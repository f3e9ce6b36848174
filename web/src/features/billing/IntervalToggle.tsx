import { useId } from 'react';
import { BILLING, type BillingInterval } from '@cofounder/shared';
import { useHydrated } from '@cofounder/shared/ui';

/**
 * Monthly / yearly as a two-option radio group (arrow keys move between them, as radios do). The yearly option
 * carries the advertised saving.
 */
export function IntervalToggle({
  value,
  onChange,
  yearlyLabel = 'Yearly',
  label = 'Billing interval',
  disabled = false,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  yearlyLabel?: string;
  label?: string;
  disabled?: boolean;
}) {
  const name = useId();
  // Server-rendered on /pricing: a choice made before the app owns the radios would show but not count.
  const hydrated = useHydrated();
  const options: { id: BillingInterval; text: string }[] = [
    { id: 'monthly', text: 'Monthly' },
    { id: 'yearly', text: yearlyLabel },
  ];
  return (
    <fieldset
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-900"
      disabled={disabled}
      inert={!hydrated}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="flex cursor-pointer items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium text-slate-600 transition has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:text-slate-400 dark:has-[:checked]:bg-slate-800 dark:has-[:checked]:text-white"
        >
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
            className="sr-only"
          />
          {option.text}
          {option.id === 'yearly' && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
              Save {BILLING.yearlySavingPercent}%
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
