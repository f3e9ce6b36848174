import { useState } from 'react';
import { Link } from 'react-router';
import { Sparkles, X } from 'lucide-react';
import { useOnboardingComplete } from '../onboarding/use-onboarding-complete.ts';

/**
 * Offers onboarding to a founder who has not finished it, instead of forcing the wizard: sign-in still lands on
 * the chat, and the founder decides when to tell the co-founder about the startup.
 */
export function OnboardingBanner({ userId }: { userId: string }) {
  const complete = useOnboardingComplete(userId);
  const [dismissed, setDismissed] = useState(false);
  if (complete !== false || dismissed) return null;
  return (
    <div className="flex shrink-0 items-center gap-3 border-b border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100">
      <Sparkles className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Finish setting up your co-founder</span>
        <span className="hidden sm:inline">
          {' '}
          — tell it about you and your idea so it can plan your first tasks.
        </span>
      </p>
      <Link
        to="/onboarding"
        className="shrink-0 rounded-lg bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
      >
        Start onboarding
      </Link>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => setDismissed(true)}
        className="shrink-0 rounded p-1 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:bg-indigo-500/20"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
