import type { LocalModelServer } from '@cofounder/shared';
import { CopyButton } from '@cofounder/shared/ui';
import { envLinesFor } from './env-lines.ts';

const COPY_LINES_LOOK =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/** One local model server that answered: where it is, what it serves, and the env lines that use it. */
export function LocalServerCard({ server }: { server: LocalModelServer }) {
  const lines = envLinesFor(server);
  return (
    <li
      data-testid="local-model-server"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold text-slate-900 dark:text-white">{server.name}</h4>
        <code className="text-xs text-slate-500 dark:text-slate-400">{server.baseUrl}</code>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {server.models.length > 0 ? `Models: ${server.models.join(', ')}` : 'It lists no models yet.'}
      </p>
      <div className="mt-3 flex items-start gap-2">
        <pre
          aria-label={`Environment lines for ${server.name}`}
          className="flex-1 overflow-x-auto rounded-md bg-slate-100 p-2 text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200"
        >
          {lines}
        </pre>
        <CopyButton text={lines} label={`Copy the lines for ${server.name}`} className={COPY_LINES_LOOK} />
      </div>
    </li>
  );
}
