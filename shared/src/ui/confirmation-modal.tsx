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
  /** While true the confirm button is disabled (the action is running). */
  pending?: boolean;
  /** Where focus goes when it closes (the control that opened it): Radix has no trigger of its own to return to. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const CONFIRM_CLASS: Record<ConfirmationVariant, string> = {
  default: 'bg-indigo-600 hover:bg-indigo-500 focus-visible:ring-indigo-400',
  warning: 'bg-amber-600 hover:bg-amber-500 focus-visible:ring-amber-400',
  danger: 'bg-red-600 hover:bg-red-500 focus-visible:ring-red-400',
};

/** A confirm/cancel dialog (spec 1 §2 "Other shared components"); Radix handles focus trap, Escape and aria. */
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
      contentProps={returnFocusTo && { onCloseAutoFocus: (e) => (e.preventDefault(), returnFocusTo.current?.focus()) }}
    >
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none dark:border-slate-600 dark:hover:bg-slate-800"
          disabled={pending}
        >
          {cancelLabel}
        </DialogClose>
        <button
          type="button"
          className={`rounded-lg px-4 py-2 text-sm font-medium text-white focus-visible:ring-2 focus-visible:outline-none disabled:opacity-60 ${CONFIRM_CLASS[variant]}`}
          disabled={pending}
          onClick={() => void onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </DialogShell>
  );
}
