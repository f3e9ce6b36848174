import { STEPS } from './content.ts';
import { cardClass, Section } from './Section.tsx';

/** The four steps; its id is the target of "See How Your AI Intern Works" and the header's "How It Works". */
export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      title="How It Works"
      lead="From your vision to a growing startup in four steps."
      tinted
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, i) => (
          <li key={step.title} className={cardClass}>
            <span
              className="grid size-10 place-items-center rounded-full bg-indigo-600 text-base font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
