import { AppLink } from '../layout/navigation.tsx';
import { ArrowRight } from 'lucide-react';
import { FINAL_CTA } from './content.ts';

/** The closing call to action: "Get Started Free" → /login, or "Go to Dashboard" when signed in. */
export function FinalCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-heading" className="py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="rounded-3xl bg-gradient-to-br from-indigo-700 to-violet-800 px-6 py-14 text-center shadow-xl">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {FINAL_CTA.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-50">{FINAL_CTA.text}</p>
          <AppLink
            to={signedIn ? '/dashboard' : '/login'}
            className="mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-6 py-3 text-base font-semibold text-indigo-800 shadow-lg hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-700 focus-visible:outline-none"
          >
            {signedIn ? FINAL_CTA.signedIn : FINAL_CTA.signedOut}
            <ArrowRight className="size-5" aria-hidden="true" />
          </AppLink>
        </div>
      </div>
    </section>
  );
}
