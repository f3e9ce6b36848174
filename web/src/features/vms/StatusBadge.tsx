import type { VmStatus } from '@cofounder/shared';
import { STATUS_TONES } from './texts.ts';

/** A machine's state as a coloured badge; the word itself carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: VmStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${STATUS_TONES[status]}`}
      data-testid="vm-status"
    >
      {status}
    </span>
  );
}
