import { METRICS } from './content.ts';
import { Section } from './Section.tsx';

/** Results metrics: the spec's seven claims as a definition list. */
export function Results() {
  return (
    <Section
      id="results"
      title="Results Founders See"
      lead="What startups get from working with an AI intern."
      tinted
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-7">
        {METRICS.map((m) => (
          <div
            key={m.label}
            className="flex flex-col-reverse items-center rounded-2xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.label}</dt>
            <dd className="text-3xl font-extrabold text-indigo-700 dark:text-indigo-300">{m.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
