import { Check, X } from 'lucide-react';
import { COMPARISON } from './content.ts';
import { Section } from './Section.tsx';

/** AI intern versus traditional intern, as a real table with a caption and row and column headers. */
export function Comparison() {
  return (
    <Section id="comparison" title="AI Intern vs Traditional Intern">
      <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[36rem] border-collapse bg-white text-left text-sm dark:bg-slate-900">
          <caption className="sr-only">How an AI intern compares with a traditional intern</caption>
          <thead className="bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-white">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Aspect</span>
              </th>
              <th scope="col" className="px-4 py-3 font-semibold text-indigo-700 dark:text-indigo-300">
                AI Intern
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Traditional Intern
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {COMPARISON.map((row) => (
              <tr key={row.aspect}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                  {row.aspect}
                </th>
                <td className="px-4 py-3 text-slate-700 dark:text-slate-200">
                  <span className="inline-flex items-start gap-2">
                    <Check
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                      aria-hidden="true"
                    />
                    {row.ai}
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-600 dark:text-slate-300">
                  <span className="inline-flex items-start gap-2">
                    <X
                      className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400"
                      aria-hidden="true"
                    />
                    {row.human}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
