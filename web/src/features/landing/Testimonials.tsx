import { TESTIMONIALS_NOTE } from '@cofounder/shared';
import { TESTIMONIALS } from './content.ts';
import { cardClass, Section } from './Section.tsx';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/**
 * Three example founders' words, labelled as illustrative under the heading; initials stand in for photos so
 * nothing is fetched from another site.
 */
export function Testimonials() {
  return (
    <Section id="testimonials" title="Founders Love Their AI Intern" lead={TESTIMONIALS_NOTE}>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className={cardClass}>
            <figure className="flex h-full flex-col">
              <blockquote className="flex-1 text-slate-700 dark:text-slate-200">
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-700 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {initials(t.name)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">{t.name}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
