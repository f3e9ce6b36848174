import type { ReactNode } from 'react';
import { LEGAL } from '@cofounder/shared';

export interface LegalSection {
  /** The anchor (`#id`) the table of contents links to. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal page: one h1, the last-updated date, an optional table of contents and numbered sections (an ordered
 * list of h2 sections with anchors), at a readable line length.
 */
export function LegalDocument({
  title,
  intro,
  sections,
  toc = false,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  toc?: boolean;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Last updated <time dateTime={isoDate(LEGAL.lastUpdated)}>{LEGAL.lastUpdated}</time>
        </p>
        <div className="mt-4 space-y-3 text-base leading-7 text-slate-700 dark:text-slate-300">{intro}</div>
      </header>
      {toc && (
        <nav
          aria-labelledby="legal-toc"
          className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="legal-toc" className="text-sm font-semibold text-slate-900 uppercase dark:text-white">
            Table of contents
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700 marker:text-slate-500 dark:text-slate-300">
            {sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="text-indigo-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <ol className="mt-8 space-y-10">
        {sections.map((s, i) => (
          <li key={s.id}>
            <section aria-labelledby={`${s.id}-title`} id={s.id} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 text-base leading-7 text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-indigo-300 [&_li]:pl-1 [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
                {s.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** "January 8, 2025" → "2025-01-08" for the <time> element (the text itself stays as written). */
function isoDate(text: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[1] ?? '') + 1 : 0;
  if (!match || month === 0) return text;
  return `${match[3]}-${String(month).padStart(2, '0')}-${(match[2] ?? '').padStart(2, '0')}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
