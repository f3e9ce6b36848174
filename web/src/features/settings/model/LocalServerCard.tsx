import { CheckCircle2 } from 'lucide-react';
import type { LocalModelServer, ModelConnection } from '@cofounder/shared';
import { CopyButton } from '@cofounder/shared/ui';
import { buttonClass } from '../../work/labels.ts';
import { envLinesFor } from './env-lines.ts';
import { labelUseModel, MODEL_TEXT } from './model-texts.ts';
import { useConnectLocalModel } from './use-connect-local-model.ts';

const COPY_LINES_LOOK =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * One local model server that answered: where it is, what it serves, "Use {its first model}" for the founder in
 * one click, and the env lines that would make it the whole server's default instead.
 */
export function LocalServerCard({
  server,
  saved,
}: {
  server: LocalModelServer;
  saved: ModelConnection | null;
}) {
  const lines = envLinesFor(server);
  const model = server.models[0];
  const { connect, pending, error } = useConnectLocalModel();
  const connected =
    model !== undefined &&
    saved?.kind === 'local' &&
    saved.baseUrl === server.baseUrl &&
    saved.chatModel === model;
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
      <div className="mt-3" aria-live="polite">
        {connected ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {MODEL_TEXT.connected}
          </p>
        ) : (
          <button
            type="button"
            onClick={() => model && connect(server, model)}
            disabled={!model || pending}
            className={buttonClass}
          >
            {!model ? MODEL_TEXT.noModelToUse : pending ? MODEL_TEXT.connecting : labelUseModel(model)}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{MODEL_TEXT.envNote}</p>
      <div className="mt-1 flex items-start gap-2">
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
