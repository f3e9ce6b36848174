import { useState } from 'react';
import { ChevronLeft, ChevronRight, Info, Search } from 'lucide-react';
import { INVESTOR_STATUSES, INVESTORS, type Investor, type InvestorsQuery } from '@cofounder/shared';
import { useInvestors } from '../../data/investors/use-investors.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, cardClass } from '../work/labels.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { InvestorCard } from './InvestorCard.tsx';
import { INVESTOR_TEXT } from './texts.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** The search asks the server once typing pauses this long (no spec number; a usual typing pause). */
export const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = InvestorsQuery['status'];

const fieldClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function CardSkeleton() {
  return (
    <div className={`${cardClass} animate-pulse space-y-3`} aria-hidden="true">
      <div className="flex items-center gap-3">
        <div className="size-11 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
      <div className="h-3 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-3 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** Investors tab: server-side search and status filter, 50 per page, cards that open the detail modal. */
export function InvestorsTab({ userId, onOpen }: { userId: string; onOpen: (investor: Investor) => void }) {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or filter starts again on page 1.
  const [lastQuery, setLastQuery] = useState({ search, status });
  if (lastQuery.search !== search || lastQuery.status !== status) {
    setLastQuery({ search, status });
    setPage(1);
  }
  const investors = useInvestors(userId, { status, page, search });
  const data = investors.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVESTORS.pageSize)) : 1;
  const filtered = search !== '' || status !== 'all';

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          <span className="sr-only">Search investors</span>
          <span className="relative block">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search by name, firm or focus"
              maxLength={200}
              className={`${fieldClass} w-full pl-9`}
            />
          </span>
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Status
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            className={fieldClass}
          >
            <option value="all">All</option>
            {INVESTOR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVESTORS.statusLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {investors.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading investors…
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <CardSkeleton />
            <CardSkeleton />
            <CardSkeleton />
            <CardSkeleton />
          </div>
        </div>
      ) : investors.isError && !data ? (
        <ErrorPanel text={INVESTOR_TEXT.loadFailed} onRetry={() => void investors.refetch()} />
      ) : data && data.investors.length === 0 ? (
        <p className={`${cardClass} text-center text-sm text-slate-600 dark:text-slate-400`}>
          {filtered ? INVESTOR_TEXT.noMatches : INVESTOR_TEXT.empty}
        </p>
      ) : data ? (
        <>
          {investors.isError && (
            <ErrorPanel text={INVESTOR_TEXT.loadFailed} onRetry={() => void investors.refetch()} />
          )}
          {data.investors.some((i) => i.sample) && (
            <p className="flex items-start gap-2 rounded-lg border border-fuchsia-200 bg-fuchsia-50 px-4 py-3 text-sm text-fuchsia-900 dark:border-fuchsia-500/30 dark:bg-fuchsia-500/10 dark:text-fuchsia-200">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {INVESTOR_TEXT.sampleNotice}
            </p>
          )}
          <ul
            className="grid gap-4 md:grid-cols-2"
            aria-label="Investors"
            aria-busy={investors.isPlaceholderData}
          >
            {data.investors.map((investor) => (
              <li key={investor.investorId}>
                <InvestorCard userId={userId} investor={investor} onOpen={() => onOpen(investor)} />
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            <button
              type="button"
              className={buttonClass}
              disabled={page <= 1 || investors.isPlaceholderData}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              Previous
            </button>
            <p
              className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
              aria-live="polite"
            >
              {investors.isFetching && investors.isPlaceholderData && <Spinner />}
              Page {Math.min(page, pages)} of {pages}
            </p>
            <button
              type="button"
              className={buttonClass}
              disabled={page >= pages || investors.isPlaceholderData}
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
            >
              Next
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
