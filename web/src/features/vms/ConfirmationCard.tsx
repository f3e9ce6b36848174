import { toast } from 'react-toastify';
import { ShieldAlert } from 'lucide-react';
import type { PendingConfirmation } from '@cofounder/shared';
import { useConfirmComputerAction } from '../../data/vms/use-computer-task.ts';
import { buttonClass, primaryClass } from '../work/labels.ts';
import { VM_TEXT, serverErrorText } from './texts.ts';

interface ConfirmationCardProps {
  vmId: string;
  confirmation: PendingConfirmation;
  onAnswered: (id: string) => void;
}

/** A sensitive action (payment, password, public post) waiting in the timeline for the founder's yes or no. */
export function ConfirmationCard({ vmId, confirmation, onAnswered }: ConfirmationCardProps) {
  const answer = useConfirmComputerAction(vmId);
  const reply = (approve: boolean) =>
    answer.mutate(
      { confirmationId: confirmation.id, approve },
      {
        onSuccess: () => onAnswered(confirmation.id),
        onError: (e) => toast.error(serverErrorText(e, VM_TEXT.answerFailed)),
      },
    );
  return (
    <li
      aria-label={VM_TEXT.confirmTitle}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <p className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-200">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {VM_TEXT.confirmTitle} (step {confirmation.step})
      </p>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{confirmation.reason}</p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className={primaryClass}
          disabled={answer.isPending}
          onClick={() => reply(true)}
        >
          {VM_TEXT.confirm}
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={answer.isPending}
          onClick={() => reply(false)}
        >
          {VM_TEXT.decline}
        </button>
      </div>
    </li>
  );
}
