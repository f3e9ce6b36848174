import { CloudOff } from 'lucide-react';
import { OFFLINE_DRAFT_LABEL, isOfflineDraft } from '../rules/provenance.ts';

/**
 * "Offline draft" on an AI-made artifact the offline co-founder produced (task result, activity, drafted post,
 * chat reply); nothing for a model's work or for what no AI wrote.
 */
export function OfflineDraftLabel({ producedBy }: { producedBy: string | null | undefined }) {
  if (!isOfflineDraft(producedBy)) return null;
  return (
    <span
      data-testid="offline-draft"
      className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300"
    >
      <CloudOff className="size-3" aria-hidden="true" />
      {OFFLINE_DRAFT_LABEL}
    </span>
  );
}
