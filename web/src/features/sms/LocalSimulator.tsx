import { useId, useState, type FormEvent } from 'react';
import { Info, Loader2, Send } from 'lucide-react';
import { E164, type SmsMessage } from '@cofounder/shared';
import { useSimulateText } from '../../data/sms/use-simulate-text.ts';
import { cardClass, primaryClass } from '../work/labels.ts';
import { SmsBubbles } from './SmsThread.tsx';
import { SMS_TEXT, serverErrorText } from './texts.ts';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

interface LocalSimulatorProps {
  userId: string;
  /** The founder's verified number, to prefill From. */
  phoneNumber: string | null;
  /** The thread; its outgoing texts are the local outbox. */
  messages: SmsMessage[] | undefined;
}

/**
 * Local mode (no Twilio): "Simulate a text from your phone" posts through the same inbound handler as Twilio's
 * webhook, and the local outbox shows what would have been sent.
 */
export function LocalSimulator({ userId, phoneNumber, messages }: LocalSimulatorProps) {
  const simulate = useSimulateText(userId);
  // Untouched, From follows the verified number (it arrives by polling while the page is open).
  const [fromDraft, setFrom] = useState<string | null>(null);
  const from = fromDraft ?? phoneNumber ?? SMS_TEXT.localExample;
  const [body, setBody] = useState('');
  const [fromError, setFromError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const ids = { from: useId(), body: useId(), fromError: useId(), bodyError: useId() };
  const outbox = messages?.filter((m) => m.direction === 'out') ?? [];

  function submit(e: FormEvent) {
    e.preventDefault();
    const number = E164.safeParse(from);
    const fe = number.success ? null : (number.error.issues[0]?.message ?? 'Enter a number in E.164 form');
    const be = body.trim() ? null : 'Enter a message';
    setFromError(fe);
    setBodyError(be);
    if (!number.success || be) return;
    simulate.mutate({ from: number.data, body: body.trim() }, { onSuccess: () => setBody('') });
  }

  return (
    <section aria-labelledby="sms-local" className="space-y-4">
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-200"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {SMS_TEXT.localMode}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <form noValidate onSubmit={submit} className={`${cardClass} space-y-4`} aria-labelledby="sms-local">
          <h2 id="sms-local" className="font-semibold text-slate-900 dark:text-white">
            Simulate a text from your phone
          </h2>
          <div className="space-y-1">
            <label htmlFor={ids.from} className="text-sm font-medium text-slate-700 dark:text-slate-300">
              From
            </label>
            <input
              id={ids.from}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              className={fieldClass}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={fromError ? true : undefined}
              aria-describedby={fromError ? ids.fromError : undefined}
            />
            {fromError && (
              <p id={ids.fromError} className="text-sm text-red-600 dark:text-red-400">
                {fromError}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.body} className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Message
            </label>
            <textarea
              id={ids.body}
              rows={3}
              className={fieldClass}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={bodyError ? ids.bodyError : undefined}
            />
            {bodyError && (
              <p id={ids.bodyError} className="text-sm text-red-600 dark:text-red-400">
                {bodyError}
              </p>
            )}
          </div>
          <button type="submit" className={primaryClass} disabled={simulate.isPending}>
            {simulate.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Send className="size-4" aria-hidden="true" />
            )}
            Send text
          </button>
          {simulate.isError && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {serverErrorText(simulate.error, SMS_TEXT.simulateFailed)}
            </p>
          )}
          {simulate.isSuccess && (
            <div aria-live="polite" className="space-y-1 text-sm">
              <p className="font-medium text-slate-700 dark:text-slate-300">
                {simulate.data.replies.length > 0 ? 'Replied:' : 'No reply was sent.'}
              </p>
              <ul className="space-y-1">
                {simulate.data.replies.map((reply, i) => (
                  <li
                    key={i}
                    className="rounded-lg bg-slate-100 px-3 py-2 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                  >
                    {reply}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </form>
        <section aria-labelledby="sms-outbox" className={`${cardClass} space-y-4`}>
          <h2 id="sms-outbox" className="font-semibold text-slate-900 dark:text-white">
            Local outbox
          </h2>
          {outbox.length > 0 ? (
            <SmsBubbles messages={outbox} label="Outgoing texts" />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">No texts sent yet.</p>
          )}
        </section>
      </div>
    </section>
  );
}
