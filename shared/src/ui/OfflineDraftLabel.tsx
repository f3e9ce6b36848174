import { CloudOff } from 'lucide-react';
import { OFFLINE_DRAFT_LABEL, isOfflineDraft } from '../rules/provenance.ts';
import { CONNECT_MODEL_TEXT, ConnectModelAnchor, useConnectModelLink } from './connect-model.tsx';

const LOOK =
  'inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300';

/**
 * "Offline draft" on an AI-made artifact the offline co-founder produced (task result, activity, drafted post,
 * chat reply); nothing for a model's work or for what no AI wrote. Where the front end set a ConnectModelContext it
 * links to Settings → Model, where a model is connected.
 */
export function OfflineDraftLabel({ producedBy }: { producedBy: string | null | undefined }) {
  const connect = useConnectModelLink();
  if (!isOfflineDraft(producedBy)) return null;
  const content = (
    <>
      <CloudOff className="size-3" aria-hidden="true" />
      {OFFLINE_DRAFT_LABEL}
    </>
  );
  if (!connect) {
    return (
      <span data-testid="offline-draft" className={LOOK}>
        {content}
      </span>
    );
  }
  return (
    <ConnectModelAnchor
      link={connect}
      label={`${OFFLINE_DRAFT_LABEL}: ${CONNECT_MODEL_TEXT}`}
      className={`${LOOK} hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none dark:hover:bg-amber-500/20`}
    >
      <span data-testid="offline-draft" className="inline-flex items-center gap-1">
        {content}
      </span>
    </ConnectModelAnchor>
  );
}
