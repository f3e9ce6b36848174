import { ShieldCheck } from 'lucide-react';
import { cardClass } from '../work/labels.ts';
import { SMS_TEXT } from './texts.ts';

/** Consent, STOP / HELP and A2P 10DLC texts, shown in every state (spec 2 §2). */
export function Compliance() {
  return (
    <section
      aria-labelledby="sms-compliance"
      className={`${cardClass} space-y-2 text-sm text-slate-600 dark:text-slate-400`}
    >
      <h2
        id="sms-compliance"
        className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white"
      >
        <ShieldCheck className="size-4 text-emerald-500" aria-hidden="true" />
        Consent and messaging terms
      </h2>
      <p>{SMS_TEXT.consent}</p>
      <p className="font-medium text-slate-800 dark:text-slate-200">{SMS_TEXT.stopHelp}</p>
      <p>{SMS_TEXT.compliance}</p>
    </section>
  );
}
