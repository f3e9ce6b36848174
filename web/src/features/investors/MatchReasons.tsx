import { Check, Minus, Target, X } from 'lucide-react';
import { INVESTORS, type InvestorMatch, type MatchReason } from '@cofounder/shared';
import { INVESTOR_TEXT } from './texts.ts';

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/** The match score (issue 22 §6): green from the research threshold, grey below it. */
export function MatchBadge({ match }: { match: InvestorMatch }) {
  const good = match.score >= INVESTORS.match.threshold;
  return (
    <span
      className={`${chip} ${good ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}
    >
      <Target className="size-3.5" aria-hidden="true" />
      {INVESTOR_TEXT.matchScore(match.score)}
    </span>
  );
}

const ICONS = {
  fits: (
    <Check className="mt-0.5 size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
  ),
  gap: <X className="mt-0.5 size-3.5 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden="true" />,
  unknown: <Minus className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden="true" />,
};

const kindOf = (r: MatchReason) => (r.fits === true ? 'fits' : r.fits === false ? 'gap' : 'unknown');

/** Why the score is what it is: what fits, what does not, what is not known (each marked for screen readers). */
export function MatchReasons({ reasons, limit }: { reasons: MatchReason[]; limit?: number }) {
  const shown = limit ? reasons.slice(0, limit) : reasons;
  if (!shown.length) return null;
  return (
    <ul
      aria-label={INVESTOR_TEXT.matchReasons}
      className="space-y-1 text-sm text-slate-700 dark:text-slate-300"
    >
      {shown.map((r) => (
        <li key={`${r.about}-${r.text}`} className="flex items-start gap-1.5">
          {ICONS[kindOf(r)]}
          <span className="sr-only">{INVESTOR_TEXT.matchKinds[kindOf(r)]}: </span>
          {r.text}
        </li>
      ))}
    </ul>
  );
}
