import { Capabilities } from './Capabilities.tsx';
import { Comparison } from './Comparison.tsx';
import { Faq } from './Faq.tsx';
import { FinalCta } from './FinalCta.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { Results } from './Results.tsx';
import { Testimonials } from './Testimonials.tsx';

/**
 * The landing page's parts in the spec's order (spec 1 §1), rendered by the SPA's "/" route and by the
 * prerendered landing entry (src/landing) alike.
 */
export function LandingSections({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <Hero signedIn={signedIn} />
      <Results />
      <Comparison />
      <Capabilities />
      <HowItWorks />
      <Testimonials />
      <Faq />
      <FinalCta signedIn={signedIn} />
    </>
  );
}
