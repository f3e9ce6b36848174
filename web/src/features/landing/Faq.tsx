import { useId, useState } from 'react';
import { AppLink } from '../layout/navigation.tsx';
import { ChevronDown } from 'lucide-react';
import { FAQ } from './content.ts';
import { Section } from './Section.tsx';

/*
 * The FAQ accordion (spec 1 §2): one item open at a time, and clicking the open one closes it. Radix Accordion is
 * not installed, so this is the WAI-ARIA disclosure pattern: each question is a button inside a heading with
 * aria-expanded / aria-controls, and its answer a labelled region. Buttons give Enter / Space / Tab for free.
 */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <Section id="faq" title="Frequently Asked Questions" tinted>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {FAQ.map((item, i) => {
          const expanded = open === i;
          const buttonId = `${baseId}-q${i}`;
          const panelId = `${baseId}-a${i}`;
          return (
            <div key={item.question}>
              <h3>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset dark:text-white dark:hover:bg-slate-800/60"
                >
                  {item.question}
                  <ChevronDown
                    className={`size-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    aria-hidden="true"
                  />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!expanded}
                className="px-5 pb-5 text-slate-600 dark:text-slate-300"
              >
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
      <p className="mt-8 text-center text-slate-600 dark:text-slate-300">
        Still have questions?{' '}
        <AppLink
          to="/contact"
          className="font-semibold text-indigo-700 underline underline-offset-4 hover:text-indigo-600 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          Contact us
        </AppLink>
      </p>
    </Section>
  );
}
