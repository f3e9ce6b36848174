import { useId } from 'react';
import { CONTACT, FREE_TRIAL_DAYS, PLANS } from '@cofounder/shared';
import { ChevronDown } from 'lucide-react';

const FAQ: { q: string; a: string }[] = [
  {
    q: 'How quickly will you reply?',
    a: `We answer every message within ${CONTACT.responseHours} hours, usually much sooner on weekdays. Urgent technical problems are handled first.`,
  },
  {
    q: 'Can I get a product demo?',
    a: 'Yes. Choose "Product Demo" as the subject and tell us a little about your startup; we will suggest a time for a short live walkthrough of chat, voice calls, tasks and approvals.',
  },
  {
    q: 'Can I try it before I pay?',
    a: `Every account starts with a ${FREE_TRIAL_DAYS}-day free trial at $0 and no credit card. Paid plans start at $${PLANS.starter.monthlyPrice} per month.`,
  },
  {
    q: 'How do billing questions work?',
    a: 'Plans are month-to-month or yearly. You can upgrade, downgrade or cancel at any time from Settings → Subscription; for anything else about an invoice, choose "Billing" as the subject.',
  },
  {
    q: 'Where do I get technical support?',
    a: 'Choose "Technical Support" and describe what you did, what you expected and what happened instead. Please never send passwords or access tokens.',
  },
];

/** The contact page's questions, as native disclosure widgets (keyboard and screen reader support built in). */
export function ContactFaq() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        Frequently asked questions
      </h2>
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-950">
        {FAQ.map(({ q, a }) => (
          <details key={q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-white [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDown className="size-4 shrink-0 transition group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
