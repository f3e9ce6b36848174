import type { ReactNode } from 'react';
import { Loader2, MessageSquare } from 'lucide-react';
import type { SmsStatusResponse } from '@cofounder/shared';
import { useGenerateCode } from '../../data/sms/use-generate-code.ts';
import { cardClass, primaryClass } from '../work/labels.ts';
import { CopyCodeButton } from './CopyCodeButton.tsx';
import { expiresInText, formatPhone, smsHref } from './format.ts';
import { generateFailedText } from './texts.ts';
import { useNow } from './use-now.ts';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className={`${cardClass} flex gap-4`}>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <h2 className="font-semibold text-slate-900 dark:text-white">
          <span className="sr-only">Step {n}: </span>
          {title}
        </h2>
        {children}
      </div>
    </li>
  );
}

/** Not verified: generate and copy the code, text it to the intern's number, and wait for the poll to see it. */
export function SetupSteps({ userId, status }: { userId: string; status: SmsStatusResponse }) {
  const generate = useGenerateCode(userId);
  const now = useNow(15_000);
  const code = status.code;
  const expiry = code && status.codeExpiresAt ? expiresInText(status.codeExpiresAt, now) : null;
  const live = code !== null && (status.codeExpiresAt === null || expiry !== null);
  const number = status.twilioNumber;

  return (
    <ol aria-label="Set up your phone" className="space-y-4">
      <Step n={1} title="Generate a code">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your code proves the phone is yours. It lasts 15 minutes; a new one replaces the old.
        </p>
        <button
          type="button"
          className={primaryClass}
          disabled={generate.isPending}
          onClick={() => generate.mutate()}
        >
          {generate.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          {live ? 'Generate New Code' : 'Generate Code'}
        </button>
        {generate.isError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {generateFailedText(generate.error)}
          </p>
        )}
        {code && live && (
          <div className="flex flex-wrap items-center gap-4">
            <p
              aria-label="Verification code"
              className="font-mono text-4xl font-bold tracking-[0.3em] text-slate-900 dark:text-white"
            >
              {code}
            </p>
            <CopyCodeButton code={code} />
            {expiry && <p className="text-sm text-slate-500 dark:text-slate-400">{expiry}</p>}
          </div>
        )}
        {code && !live && (
          <p className="text-sm text-amber-700 dark:text-amber-400">
            Your code has expired. Generate a new one.
          </p>
        )}
      </Step>
      <Step n={2} title="Text the code to your co-founder">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Send the code from the phone you want to connect to{' '}
          <span className="font-semibold text-slate-900 dark:text-white">{formatPhone(number)}</span>.
        </p>
        <a className={primaryClass} href={smsHref(number, live ? (code ?? undefined) : undefined)}>
          <MessageSquare className="size-4" aria-hidden="true" />
          Text {formatPhone(number)}
        </a>
      </Step>
      <Step n={3} title="We'll verify automatically">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Waiting for your text… this page updates by itself once your number is verified.
        </p>
      </Step>
    </ol>
  );
}
