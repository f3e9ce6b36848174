import { CheckCircle2 } from 'lucide-react';
import type { BillingInterval, PaidPlanId } from '@cofounder/shared';
import { DialogClose, DialogShell } from '@cofounder/shared/ui';
import { useDowngrade } from '../../data/billing/use-downgrade.ts';
import { ConfirmFooter } from './ConfirmFooter.tsx';
import { formatBillingDate, intervalWord } from './format.ts';
import { btn } from './ui.ts';

export interface DowngradeTarget {
  plan: PaidPlanId;
  interval: BillingInterval;
  name: string;
}

export const KEEP_FEATURES_TEXT = 'Current features stay active until the end of the billing period.';

/**
 * The pricing page's downgrade confirmation (spec 1 §4): confirm → POST downgrade-subscription → "Subscription
 * Updated" with the effective date. A failure is shown inside the dialog, which stays open.
 */
export function DowngradeDialog({
  userId,
  target,
  onClose,
}: {
  userId: string;
  target: DowngradeTarget | null;
  onClose: () => void;
}) {
  const downgrade = useDowngrade(userId);
  const open = target !== null;
  const close = (next: boolean) => {
    if (next || downgrade.isPending) return;
    downgrade.reset();
    onClose();
  };
  const done = target !== null && downgrade.isSuccess;
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      showClose={false}
      header={done && <CheckCircle2 className="size-8 text-emerald-500" aria-hidden="true" />}
      title={target && (done ? 'Subscription Updated' : `Downgrade to ${target.name}?`)}
      titleClassName={done ? 'mt-3 text-lg font-semibold' : undefined}
      description={
        target &&
        (done
          ? `Your plan changes to ${target.name} (${intervalWord(target.interval)}) on ${formatBillingDate(downgrade.data.effectiveDate)}.`
          : `Your plan changes to ${target.name} (${intervalWord(target.interval)}) at the end of the billing period. ${KEEP_FEATURES_TEXT}`)
      }
    >
      {target && done ? (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{KEEP_FEATURES_TEXT}</p>
          <div className="mt-6 flex justify-end">
            <DialogClose className={btn.primary}>Done</DialogClose>
          </div>
        </>
      ) : target ? (
        <>
          {downgrade.isError && (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
            >
              {downgrade.error.message}
            </p>
          )}
          <ConfirmFooter
            label="Confirm Downgrade"
            pending={downgrade.isPending}
            onConfirm={() => downgrade.mutate({ targetPlan: target.plan, targetInterval: target.interval })}
          />
        </>
      ) : null}
    </DialogShell>
  );
}
