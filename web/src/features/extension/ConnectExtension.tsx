import { useState } from 'react';
import { toast } from 'react-toastify';
import { Puzzle } from 'lucide-react';
import { useApi } from '../../data/api-context.tsx';
import { buttonClass, cardClass } from '../work/labels.ts';
import { ExtensionNotFoundError, sendToExtension } from './extension-messaging.ts';
import { EXTENSION_TEXT } from './texts.ts';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

/** "Connect extension": a one-use token from the server, handed to the installed extension, which signs in. */
export function ConnectExtension() {
  const api = useApi();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function connect() {
    setStatus({ kind: 'busy' });
    try {
      const { tokenHash } = await api.extensionHandoff();
      const reply = await sendToExtension({ type: 'cofounder:handoff', tokenHash });
      if (reply.ok) {
        const text = EXTENSION_TEXT.connected(reply.email);
        setStatus({ kind: 'done', text });
        toast.success(text);
      } else setStatus({ kind: 'error', text: EXTENSION_TEXT.refused(reply.error) });
    } catch (err) {
      const text =
        err instanceof ExtensionNotFoundError
          ? EXTENSION_TEXT.notInstalled
          : err instanceof Error && err.message
            ? err.message
            : EXTENSION_TEXT.failed;
      setStatus({ kind: 'error', text });
    }
  }

  return (
    <section className={`${cardClass} flex flex-wrap items-start justify-between gap-4`} aria-labelledby="extension-title">
      <div className="flex items-start gap-3">
        <Puzzle className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <div>
          <h2 id="extension-title" className="text-sm font-semibold text-slate-900 dark:text-white">
            {EXTENSION_TEXT.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{EXTENSION_TEXT.description}</p>
          {status.kind === 'done' && (
            <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">
              {status.text}
            </p>
          )}
          {status.kind === 'error' && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {status.text}
            </p>
          )}
        </div>
      </div>
      <button type="button" className={buttonClass} disabled={status.kind === 'busy'} onClick={() => void connect()}>
        {status.kind === 'busy' ? EXTENSION_TEXT.connecting : EXTENSION_TEXT.connect}
      </button>
    </section>
  );
}
