import { RefreshCw } from 'lucide-react';
import type { ModelConnection } from '@cofounder/shared';
import { useLocalModelServers } from '../../../data/model-settings/use-local-model-servers.ts';
import { useScanLocalModelServers } from '../../../data/model-settings/use-scan-local-model-servers.ts';
import { Spinner } from '../../layout/Spinner.tsx';
import { LocalServerCard } from './LocalServerCard.tsx';
import { MODEL_TEXT, scanErrorText } from './model-texts.ts';

export const NO_LOCAL_SERVER_TEXT =
  'No local model server found on this machine. Start Ollama, LM Studio, llama.cpp or vLLM and press Scan again.';
export const LOCAL_SCAN_UNAVAILABLE_TEXT =
  'Finding local model servers is not available on this server: only a local install, opened on its own machine, looks for them.';

const mutedText = 'text-sm text-slate-500 dark:text-slate-400';

/** The local model servers the server found on this machine, with "Scan again"; `saved`: the founder's connection. */
export function LocalServers({ saved }: { saved: ModelConnection | null }) {
  const found = useLocalModelServers();
  const scan = useScanLocalModelServers();
  const scanError = scanErrorText(scan.error);
  return (
    <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">Local model servers on this machine</h3>
        {found.data !== null && !found.isPending && (
          <button
            type="button"
            onClick={() => scan.mutate()}
            disabled={scan.isPending}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <RefreshCw className={`size-4 ${scan.isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
            {scan.isPending ? 'Scanning...' : 'Scan again'}
          </button>
        )}
      </div>
      {scanError && (
        <p role="alert" className="mt-2 text-sm text-amber-700 dark:text-amber-300">
          {scanError}
        </p>
      )}
      <div className="mt-3" aria-live="polite">
        {found.isPending ? (
          <p className={`flex items-center gap-2 ${mutedText}`}>
            <Spinner />
            Looking for local model servers...
          </p>
        ) : found.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            {scanErrorText(found.error)}{' '}
            <button type="button" className="font-medium underline" onClick={() => void found.refetch()}>
              {MODEL_TEXT.tryAgain}
            </button>
          </p>
        ) : found.data === null ? (
          <p className={mutedText}>{LOCAL_SCAN_UNAVAILABLE_TEXT}</p>
        ) : found.data.servers.length === 0 ? (
          <p className={mutedText}>{NO_LOCAL_SERVER_TEXT}</p>
        ) : (
          <ul className="space-y-3">
            {found.data.servers.map((server) => (
              <LocalServerCard key={server.baseUrl} server={server} saved={saved} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
