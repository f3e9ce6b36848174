import { lazy, Suspense, useRef, useState } from 'react';
import { Gauge } from 'lucide-react';
import type { useUsageDetails } from '../../data/usage/use-usage-details.ts';

// The dialog code loads when the panel is first opened: the chat route's first load carries no dialog library.
const UsageDetailsPanel = lazy(() => import('./UsageDetailsPanel.tsx'));

/** The chat header's button that opens the full usage limits panel; focus comes back to it on close. */
export function UsageDetailsDialog({ usage }: { usage: ReturnType<typeof useUsageDetails> }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="View usage details"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Gauge className="size-4" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <UsageDetailsPanel usage={usage} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
