import { AppLink } from '../layout/navigation.tsx';
import { ArrowDown, ArrowRight } from 'lucide-react';
import { HERO } from './content.ts';
import { DashboardPreview } from './DashboardPreview.tsx';
import { primaryButtonClass } from './Section.tsx';

/** The hero: the page's one h1, the main button (spec 1 §2 "Landing page behaviour") and the dashboard preview. */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-950/40" />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
        <h1
          id="hero-heading"
          className="max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white"
        >
          {HERO.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl dark:text-slate-300">{HERO.lead}</p>
        <div className="mt-10 flex flex-col items-center gap-4 sm:flex-row">
          <AppLink to={signedIn ? '/dashboard' : '/login'} className={primaryButtonClass}>
            {signedIn ? HERO.signedIn : HERO.signedOut}
            <ArrowRight className="size-5" aria-hidden="true" />
          </AppLink>
          <AppLink
            to="/#how-it-works"
            className="inline-flex items-center gap-2 rounded-xl px-4 py-3 text-base font-semibold text-indigo-700 hover:text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            {HERO.howLink}
            <ArrowDown className="size-5" aria-hidden="true" />
          </AppLink>
        </div>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{HERO.trialNote}</p>
        <div className="mt-16 w-full">
          <DashboardPreview />
        </div>
      </div>
    </section>
  );
}
