import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { Capabilities } from '../../features/landing/Capabilities.tsx';
import { Comparison } from '../../features/landing/Comparison.tsx';
import { Faq } from '../../features/landing/Faq.tsx';
import { FinalCta } from '../../features/landing/FinalCta.tsx';
import { Hero } from '../../features/landing/Hero.tsx';
import { HowItWorks } from '../../features/landing/HowItWorks.tsx';
import { Results } from '../../features/landing/Results.tsx';
import { Testimonials } from '../../features/landing/Testimonials.tsx';

/** "/": the marketing page of spec 1 §1, its parts in the spec's order. */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <Hero signedIn={isAuthenticated} />
      <Results />
      <Comparison />
      <Capabilities />
      <HowItWorks />
      <Testimonials />
      <Faq />
      <FinalCta signedIn={isAuthenticated} />
    </>
  );
}
