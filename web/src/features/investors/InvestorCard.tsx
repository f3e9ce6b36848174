import { Wallet } from 'lucide-react';
import { formatCheckSize, type Investor } from '@cofounder/shared';
import { InvestorAvatar } from './InvestorAvatar.tsx';
import { MatchBadge, MatchReasons } from './MatchReasons.tsx';
import { SampleBadge, StatusChip, TagChip, VerificationBadge } from './badges.tsx';
import { portfolioPreview } from './texts.ts';

interface InvestorCardProps {
  userId: string;
  investor: Investor;
  onOpen: () => void;
}

/** Reasons a card shows; the details dialog shows them all. */
const CARD_REASONS = 3;

/**
 * One investor (spec 2 §2): avatar, name, firm, match score and its first reasons, verification, check size, focus, the first portfolio companies
 * then "+N more", status. The name is the card's button; its click area covers the whole card.
 */
export function InvestorCard({ userId, investor, onOpen }: InvestorCardProps) {
  const check = formatCheckSize(investor.check);
  const portfolio = portfolioPreview(investor.portfolio);
  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-950 dark:hover:border-indigo-500/50"
      data-testid="investor-card"
    >
      <div className="flex items-start gap-3">
        <InvestorAvatar userId={userId} name={investor.name} photoUrl={investor.photoUrl} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">
            <button
              type="button"
              onClick={onOpen}
              className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {investor.name}
            </button>
          </h3>
          {investor.firm && (
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{investor.firm}</p>
          )}
        </div>
        <StatusChip status={investor.status} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {investor.match && <MatchBadge match={investor.match} />}
        <VerificationBadge verification={investor.verification} />
        {investor.sample && <SampleBadge />}
        {check && (
          <span className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
            <Wallet className="size-4 text-slate-400" aria-hidden="true" />
            <span className="sr-only">Check size </span>
            {check}
          </span>
        )}
      </div>
      {investor.match && <MatchReasons reasons={investor.match.reasons} limit={CARD_REASONS} />}
      {investor.focus.length > 0 && (
        <ul aria-label="Focus" className="flex flex-wrap gap-1.5">
          {investor.focus.map((f, i) => (
            <li key={`${f}-${i}`}>
              <TagChip>{f}</TagChip>
            </li>
          ))}
        </ul>
      )}
      {portfolio.shown.length > 0 && (
        <div className="text-sm text-slate-600 dark:text-slate-400">
          <span className="font-medium text-slate-700 dark:text-slate-300">Portfolio: </span>
          <ul aria-label="Portfolio" className="inline">
            {portfolio.shown.map((p, i) => (
              <li key={`${p}-${i}`} className="inline">
                {p}
                {i < portfolio.shown.length - 1 ? ', ' : ''}
              </li>
            ))}
          </ul>
          {portfolio.more > 0 && (
            <span className="ml-1 font-medium text-indigo-600 dark:text-indigo-300">
              +{portfolio.more} more
            </span>
          )}
        </div>
      )}
    </article>
  );
}
