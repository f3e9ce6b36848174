import { DialogClose } from '@cofounder/shared/ui';
import { Spinner } from '../layout/Spinner.tsx';
import { btn } from './ui.ts';

interface ConfirmFooterProps {
  label: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}

/** A billing dialog's Cancel and confirm buttons; while the change is saving Cancel waits and the confirm spins. */
export function ConfirmFooter({ label, pending, disabled = pending, onConfirm }: ConfirmFooterProps) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <DialogClose className={btn.secondary} disabled={pending}>
        Cancel
      </DialogClose>
      <button type="button" className={btn.primary} disabled={disabled} onClick={onConfirm}>
        {pending && <Spinner />}
        {label}
      </button>
    </div>
  );
}
