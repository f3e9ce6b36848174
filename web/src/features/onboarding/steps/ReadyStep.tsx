import type { OnboardingDraft } from '@cofounder/shared';
import { GOAL_LABELS, INDUSTRY_LABELS, ROLE_LABELS } from '../options.ts';

/** Step 6: what the co-founder now knows, and "Start Building" (or the welcome line once pressed). */
export function ReadyStep({
  draft,
  welcome,
  onStart,
}: {
  draft: OnboardingDraft;
  welcome: string | null;
  onStart: () => void;
}) {
  const rows: [string, string][] = [
    ['Name', draft.name],
    ['Role', draft.role ? ROLE_LABELS[draft.role] : ''],
    ['Experience', draft.experience ?? ''],
    ['Idea', draft.idea],
    ['Industry', draft.industry ? INDUSTRY_LABELS[draft.industry] : ''],
    ['Goals', draft.goals.map((g) => GOAL_LABELS[g]).join(', ')],
    ['Stage', draft.stage ?? ''],
  ];
  return (
    <div className="space-y-6">
      <div className="text-center">
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">You're ready</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Here is what your co-founder knows about you.
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {rows
          .filter(([, value]) => value.trim() !== '')
          .map(([term, value]) => (
            <div key={term} className="grid grid-cols-3 gap-3 px-4 py-2.5 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
              <dd className="col-span-2 text-slate-900 dark:text-slate-100">{value}</dd>
            </div>
          ))}
      </dl>
      {welcome ? (
        <p
          role="status"
          className="rounded-xl bg-indigo-50 p-4 text-center font-medium text-indigo-800 dark:bg-indigo-500/10 dark:text-indigo-200"
        >
          {welcome}
        </p>
      ) : (
        <button
          type="button"
          onClick={onStart}
          className="w-full rounded-lg bg-indigo-600 px-4 py-3 font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
        >
          Start Building
        </button>
      )}
    </div>
  );
}
