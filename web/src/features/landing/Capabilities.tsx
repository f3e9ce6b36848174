import { ChartLine, Code, HandCoins, Megaphone, Rocket, Search, type LucideIcon } from 'lucide-react';
import { CAPABILITIES, type CapabilityIcon } from './content.ts';
import { cardClass, Section } from './Section.tsx';

const ICONS: Record<CapabilityIcon, LucideIcon> = {
  code: Code,
  market: Megaphone,
  investors: HandCoins,
  research: Search,
  sales: ChartLine,
  scale: Rocket,
};

/** The six-card capability grid; its id is the header's "Features" anchor. */
export function Capabilities() {
  return (
    <Section
      id="features"
      title="Everything Your Startup Needs"
      lead="One AI intern that codes, markets, finds investors and helps you scale."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {CAPABILITIES.map(({ icon, title, text }) => {
          const Icon = ICONS[icon];
          return (
            <li key={title} className={cardClass}>
              <span className="grid size-11 place-items-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
