import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { BILLING, type Invoice } from '@cofounder/shared';
import { useInvoices } from '../../data/billing/use-invoices.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { formatAmount, formatBillingDate } from './format.ts';
import { btn, card } from './ui.ts';

/** The most the full history asks for (the invoices endpoint's own maximum). */
const FULL_HISTORY = 100;

const STATUS_CLASS: Record<Invoice['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  open: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  void: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  uncollectible: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  failed: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
};

/** Payment History (spec 2 §2): the latest invoices, "View Full History" for the rest. */
export function PaymentHistory({ userId }: { userId: string }) {
  const [limit, setLimit] = useState<number>(BILLING.historyPreview);
  const invoices = useInvoices(userId, limit);
  const list = invoices.data?.invoices ?? [];
  return (
    <section className={card} aria-labelledby="payment-history-heading">
      <h3 id="payment-history-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Payment History
      </h3>
      {invoices.isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500">
          <Spinner />
          Loading payments...
        </p>
      ) : invoices.isError && !invoices.data ? (
        <div role="alert" className="mt-4 flex items-center gap-3 text-sm text-red-700 dark:text-red-300">
          <p>Unable to load payment history.</p>
          <button type="button" className="font-medium underline" onClick={() => void invoices.refetch()}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No payments yet</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="text-left text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Description
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Invoice</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {list.map((invoice) => (
                <tr key={invoice.id} className="text-slate-700 dark:text-slate-300">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatBillingDate(invoice.date)}</td>
                  <td className="py-2 pr-4">{invoice.description}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {formatAmount(invoice.amount, invoice.currency)}
                  </td>
                  <td className="py-2 pr-4">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_CLASS[invoice.status]}`}
                    >
                      {invoice.status}
                    </span>
                  </td>
                  <td className="py-2 text-right">
                    {invoice.url && (
                      <a
                        href={invoice.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                      >
                        View
                        <span className="sr-only"> invoice of {formatBillingDate(invoice.date)}</span>
                        <ExternalLink className="size-3" aria-hidden="true" />
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {invoices.data?.hasMore && limit < FULL_HISTORY && (
        <button
          type="button"
          className={`${btn.secondary} mt-4`}
          disabled={invoices.isFetching}
          onClick={() => setLimit(FULL_HISTORY)}
        >
          {invoices.isFetching && <Spinner />}
          View Full History
        </button>
      )}
    </section>
  );
}
