import type { ReactNode } from 'react';
import { Check, Minus } from 'lucide-react';
import { PLAN_IDS, PLANS, type PlanDefinition, formatCount } from '@cofounder/shared';

const amount = (n: number | null) => (n === null ? 'Unlimited' : formatCount(n));

function Included({ yes }: { yes: boolean }) {
  return yes ? (
    <>
      <Check className="mx-auto size-4 text-emerald-500" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-4 text-slate-400" aria-hidden="true" />
      <span className="sr-only">Not included</span>
    </>
  );
}

const ROWS: { label: string; cell: (plan: PlanDefinition) => ReactNode }[] = [
  { label: 'Messages per month', cell: (p) => amount(p.messagesPerMonth) },
  { label: 'Tasks per month', cell: (p) => amount(p.tasksPerMonth) },
  { label: 'Voice minutes per month', cell: (p) => amount(p.voiceMinutesPerMonth) },
  { label: 'Phone Integration', cell: (p) => <Included yes={p.builderFeatures} /> },
  { label: 'Investor Outreach', cell: (p) => <Included yes={p.builderFeatures} /> },
];

/** Every plan's limits side by side, straight from PLANS (the same numbers the server meters). */
export function ComparisonTable() {
  return (
    <section aria-labelledby="compare-heading" className="mt-16">
      <h2 id="compare-heading" className="text-center text-2xl font-bold text-slate-900 dark:text-white">
        Compare plans
      </h2>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="bg-slate-100 text-slate-700 dark:bg-slate-900 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold">
                Feature
              </th>
              {PLAN_IDS.map((id) => (
                <th key={id} scope="col" className="px-4 py-3 text-center font-semibold">
                  {PLANS[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {ROWS.map((row) => (
              <tr key={row.label} className="bg-white dark:bg-slate-950">
                <th
                  scope="row"
                  className="px-4 py-3 text-left font-medium text-slate-700 dark:text-slate-300"
                >
                  {row.label}
                </th>
                {PLAN_IDS.map((id) => (
                  <td key={id} className="px-4 py-3 text-center text-slate-600 dark:text-slate-400">
                    {row.cell(PLANS[id])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
