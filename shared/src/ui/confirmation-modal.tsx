import type { RefObject } from 'react';
import { DialogClose, DialogShell } from './dialog-shell.tsx';

/** Visual weight of the confirm button: neutral, caution (amber) or destructive (red). */
export type ConfirmationVariant = 'default' | 'warning' | 'danger';

export interface ConfirmationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  onConfirm: () => void | Promise<void>;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: ConfirmationVariant;
  /** While true the buttons are off (the action is running); confirm stays focusable, so focus is not dropped. */
  pending?: boolean;
  /** Where focus goes on close when the control that opened it is gone (the shell returns it to that control). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const CONFIRM_CLASS: Record<ConfirmationVariant, string> = {
  default: 'bg-indigo-600 hover:bg-indigo-500 focus-visible:ring-indigo-400',
  warning: 'bg-amber-700 hover:bg-amber-800 focus-visible:ring-amber-400',
  danger: 'bg-red-600 hover:bg-red-700 focus-visible:ring-red-400',
};

/** A confirm/cancel dialog (spec 1 §2 "Other shared components"); the shell traps and returns focus, Escape closes. */
export function ConfirmationModal({
  open,
  onOpenChange,
  title,
  message,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'default',
  pending = false,
  returnFocusTo,
}: ConfirmationModalProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      showClose={false}
      returnFocusTo={returnFocusTo && (() => returnFocusTo.current)}
    >
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none dark:border-slate-600 dark:hover:bg-slate-800"
          disabled={pending}
        >
          {cancelLabel}
        </DialogClose>
        {/* aria-disabled, not disabled: a disabled button loses the focus the founder just pressed it with. */}
        <button
          type="button"
          className={`rounded-lg px-4 py-2 text-sm font-medium text-white focus-visible:ring-2 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${CONFIRM_CLASS[variant]}`}
          aria-disabled={pending || undefined}
          onClick={() => !pending && void onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </DialogShell>
  );
}
