import { Link } from 'react-router';
import { Gauge } from 'lucide-react';
import { DialogShell, UsageMeter } from '@cofounder/shared/ui';
import type { useUsageDetails } from '../../data/usage/use-usage-details.ts';

/** The full usage limits panel (spec 1 §2), opened from the chat header's inline meter. */
export function UsageDetailsDialog({ usage }: { usage: ReturnType<typeof useUsageDetails> }) {
  return (
    <DialogShell
      trigger={
        <button
          type="button"
          aria-label="View usage details"
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        >
          <Gauge className="size-4" aria-hidden="true" />
        </button>
      }
      // The meter is its own card: the dialog adds no box around it.
      className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 focus:outline-none"
      title="Usage limits"
      titleClassName="sr-only"
      description="Messages and tasks used this month on your plan."
      descriptionClassName="sr-only"
      closeClassName="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-white"
    >
      <UsageMeter
        variant="full"
        reply={usage.data}
        error={usage.error}
        loading={usage.isPending}
        upgrade={
          <Link
            to="/pricing"
            className="inline-flex rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
          >
            Upgrade your plan
          </Link>
        }
      />
    </DialogShell>
  );
}
