import type { ReactNode } from 'react';
import { Spinner } from '../../layout/Spinner.tsx';
import { primaryButtonClass } from './styles.ts';

/** The form's main button: disabled with a spinner and a "...ing" label while the request runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={primaryButtonClass}>
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  );
}
