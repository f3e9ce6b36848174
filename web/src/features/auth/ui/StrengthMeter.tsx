import { Check, X } from 'lucide-react';
import { PASSWORD_CRITERIA, passwordStrength, type StrengthTone } from '@cofounder/shared';

const BAR: Record<StrengthTone, string> = {
  red: 'bg-red-500',
  amber: 'bg-amber-500',
  blue: 'bg-sky-500',
  green: 'bg-emerald-500',
};
const TEXT: Record<StrengthTone, string> = {
  red: 'text-red-600 dark:text-red-400',
  amber: 'text-amber-600 dark:text-amber-400',
  blue: 'text-sky-600 dark:text-sky-400',
  green: 'text-emerald-600 dark:text-emerald-400',
};

/** Spec 1 §4 password strength: a five-segment bar, the Weak/Fair/Good/Strong label and the criteria list. */
export function StrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, tone, criteria } = passwordStrength(password);
  return (
    <div className="mt-2 space-y-2">
      <div className="flex gap-1" aria-hidden="true">
        {PASSWORD_CRITERIA.map((c, i) => (
          <span
            key={c.id}
            className={`h-1.5 flex-1 rounded-full ${i < score ? BAR[tone] : 'bg-slate-200 dark:bg-slate-700'}`}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Password strength: <span className={`font-semibold ${TEXT[tone]}`}>{label}</span>
      </p>
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {criteria.map((c) => (
          <li
            key={c.id}
            className={`flex items-center gap-1.5 ${c.met ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-500'}`}
          >
            {c.met ? (
              <Check className="size-3.5" aria-hidden="true" />
            ) : (
              <X className="size-3.5" aria-hidden="true" />
            )}
            {c.label}
            <span className="sr-only">{c.met ? '(met)' : '(not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Live hint under the confirmation field. */
export function MatchHint({ password, confirm }: { password: string; confirm: string }) {
  if (!confirm) return null;
  const match = password === confirm;
  return (
    <p
      className={`mt-1.5 text-sm ${match ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}
    >
      {match ? 'Passwords match' : 'Passwords do not match'}
    </p>
  );
}
