import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { Gauge, X } from 'lucide-react';
import { UsageMeter } from '@cofounder/shared/ui';
import type { useUsageDetails } from '../../data/usage/use-usage-details.ts';

/** The full usage limits panel (spec 1 §2), opened from the chat header's inline meter. */
export function UsageDetailsDialog({ usage }: { usage: ReturnType<typeof useUsageDetails> }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label="View usage details"
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Gauge className="size-4" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 focus:outline-none">
          <Dialog.Title className="sr-only">Usage limits</Dialog.Title>
          <Dialog.Description className="sr-only">Messages and tasks used this month on your plan.</Dialog.Description>
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
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:text-slate-900 dark:hover:text-white"
          >
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
