import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_POSTING_SETTINGS } from '@cofounder/shared';
import { ConfirmationModal } from '@cofounder/shared/ui';
import { usePostingSettings } from '../../data/posting-settings/use-posting-settings.ts';
import { useUpdatePostingSettings } from '../../data/posting-settings/use-update-posting-settings.ts';
import { buttonClass, cardClass } from '../work/labels.ts';
import { POSTING_TEXT } from './texts.ts';

const trackClass =
  'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 dark:focus-visible:ring-offset-slate-950';

/** "Approve before posting": on keeps drafts in Approvals; turning it off is confirmed first, turning on is not. */
export function ApproveBeforePosting() {
  const settings = usePostingSettings();
  const update = useUpdatePostingSettings();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const descriptionId = useId();
  const on = (settings.data ?? DEFAULT_POSTING_SETTINGS).approveBeforePosting;

  const save = (approveBeforePosting: boolean) =>
    update.mutate(
      { approveBeforePosting },
      {
        onSuccess: () => toast.success(POSTING_TEXT.saved),
        onError: () => toast.error(POSTING_TEXT.saveFailed),
      },
    );

  const toggle = () => (on ? setConfirming(true) : save(true));

  return (
    <section className={`${cardClass} flex items-start justify-between gap-4`}>
      <div>
        <h2 id={labelId} className="text-sm font-semibold text-slate-900 dark:text-white">
          {POSTING_TEXT.label}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {POSTING_TEXT.description}
        </p>
        {settings.isPending && (
          <p role="status" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            {POSTING_TEXT.loading}
          </p>
        )}
        {settings.isError && (
          <div
            role="alert"
            className="mt-2 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300"
          >
            {POSTING_TEXT.loadFailed}
            <button type="button" className={buttonClass} onClick={() => void settings.refetch()}>
              {POSTING_TEXT.tryAgain}
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={!settings.isSuccess || update.isPending}
        onClick={toggle}
        className={`${trackClass} ${on ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-700'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
      <ConfirmationModal
        open={confirming}
        onOpenChange={setConfirming}
        title={POSTING_TEXT.confirmTitle}
        message={POSTING_TEXT.confirmText}
        confirmLabel={POSTING_TEXT.confirmLabel}
        variant="warning"
        onConfirm={() => {
          setConfirming(false);
          save(false);
        }}
      />
    </section>
  );
}
