import type { RefObject } from 'react';
import { ConfirmationModal } from '@cofounder/shared/ui';
import { SIGN_OUT_CONFIRM_TEXT } from './sidebar-items.ts';

/** "Sign Out" asks first (spec 1 §2); loaded with the dialog code when the founder presses it. */
export default function SignOutConfirm({
  pending,
  onCancel,
  onConfirm,
  returnFocusTo,
}: {
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ConfirmationModal
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Sign Out"
      message={SIGN_OUT_CONFIRM_TEXT}
      confirmLabel="Sign Out"
      cancelLabel="Cancel"
      variant="warning"
      pending={pending}
      onConfirm={onConfirm}
      returnFocusTo={returnFocusTo}
    />
  );
}
