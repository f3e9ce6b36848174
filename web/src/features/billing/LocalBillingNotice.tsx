import { Info } from 'lucide-react';
import { useConfig } from '../../data/config/use-config.ts';

/** Said plainly wherever a plan can be bought while the server runs its local checkout (no card provider). */
export function LocalBillingNotice({ className = '' }: { className?: string }) {
  const config = useConfig();
  if (config.modes.billing !== 'local') return null;
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-800 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200 ${className}`}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>Billing runs in local mode: checkout happens on this server and no card is charged.</span>
    </p>
  );
}
