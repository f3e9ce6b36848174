import { CheckCircle2, MessageSquare, Phone } from 'lucide-react';
import type { SmsStatusResponse } from '@cofounder/shared';
import { cardClass, buttonClass, primaryClass } from '../work/labels.ts';
import { formatPhone, smsHref } from './format.ts';
import { optedOutText } from './texts.ts';

/** Verified: the connected number and how to reach the co-founder (text, or Call Now). */
export function VerifiedPanel({ status }: { status: SmsStatusResponse }) {
  const number = status.twilioNumber;
  return (
    <section aria-labelledby="sms-connected" className={`${cardClass} space-y-4`}>
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-500" aria-hidden="true" />
        <div>
          <h2 id="sms-connected" className="font-semibold text-slate-900 dark:text-white">
            Phone connected
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your number{' '}
            <span className="font-semibold text-slate-900 dark:text-white">
              {status.phoneNumber ? formatPhone(status.phoneNumber) : ''}
            </span>{' '}
            is verified.
          </p>
        </div>
      </div>
      {status.optedOut && (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300"
        >
          {optedOutText(formatPhone(number))}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Text your co-founder at <span className="font-semibold">{formatPhone(number)}</span>, or call to leave
        a message it will act on.
      </p>
      <div className="flex flex-wrap gap-3">
        <a className={buttonClass} href={smsHref(number)}>
          <MessageSquare className="size-4" aria-hidden="true" />
          Send a Text
        </a>
        <a className={primaryClass} href={`tel:${number}`}>
          <Phone className="size-4" aria-hidden="true" />
          Call Now
        </a>
      </div>
    </section>
  );
}
