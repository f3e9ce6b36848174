import type { InvestorAnalyticsResponse } from '@cofounder/shared';

type Analytics = InvestorAnalyticsResponse['analytics'];

/**
 * The numbers above the tabs, as a funnel: Contacted counts everyone reached (contacted, responded, meeting),
 * Responded those who replied (responded or meeting), the same base the server's response rate uses. Dashes
 * while they load or when they could not be read.
 */
export function AnalyticsStrip({ analytics }: { analytics: Analytics | undefined }) {
  const by = analytics?.byStatus;
  const contactedOrLater = by ? (by.contacted ?? 0) + (by.responded ?? 0) + (by.meeting ?? 0) : undefined;
  const items: [string, string | undefined][] = [
    ['Total investors', analytics?.total.toString()],
    ['Contacted', contactedOrLater?.toString()],
    ['Responded', by ? ((by.responded ?? 0) + (by.meeting ?? 0)).toString() : undefined],
    ['Meetings', by ? (by.meeting ?? 0).toString() : undefined],
    ['Emails sent', analytics?.emails.sent.toString()],
    ['Response rate', analytics ? `${Math.round(analytics.responseRate)}%` : undefined],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Outreach analytics">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-950"
        >
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
            {value ?? '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
