import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useAuth } from '../../features/auth/AuthProvider.tsx';

/** "/": the hero only; the rest of the landing page (spec 1 §1) comes with its own issue. */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  return (
    <section className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-950/40" />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <h1 className="text-5xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
          Cofounder
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl dark:text-slate-300">
          Your AI co-founder: it codes, markets, finds investors and helps you scale.
        </p>
        <Link
          to={isAuthenticated ? '/dashboard' : '/login'}
          className="mt-10 inline-flex items-center gap-2 rounded-xl bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow-lg shadow-indigo-600/30 hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950"
        >
          {isAuthenticated ? 'Go to Dashboard' : 'Get Your AI Intern Free'}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
