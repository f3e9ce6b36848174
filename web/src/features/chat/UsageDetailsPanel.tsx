import type { RefObject } from 'react';
import { Link } from 'react-router';
import { DialogShell, UsageMeter } from '@cofounder/shared/ui';
import type { useUsageDetails } from '../../data/usage/use-usage-details.ts';

/** The full usage limits panel (spec 1 §2) as a dialog; loaded when the founder first opens it. */
export default function UsageDetailsPanel({
  usage,
  onClose,
  returnFocusTo,
}: {
  usage: ReturnType<typeof useUsageDetails>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      // The meter is its own card: the dialog adds no box around it.
      className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 focus:outline-none"
      title="Usage limits"
      titleClassName="sr-only"
      description="Messages and tasks used this month on your plan."
      descriptionClassName="sr-only"
      closeClassName="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-white"
      contentProps={{ onCloseAutoFocus: (e) => (e.preventDefault(), returnFocusTo.current?.focus()) }}
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
