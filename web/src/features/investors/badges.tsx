import { BadgeCheck, FlaskConical } from 'lucide-react';
import { INVESTORS, VERIFICATION_LABELS, type Investor, type InvestorStatus } from '@cofounder/shared';
import { INVESTOR_TEXT, STATUS_TONES } from './texts.ts';

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

const VERIFICATION_TONES: Record<Investor['verification']['level'], string> = {
  verified: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  partial: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  basic: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** Verified / Partial Info / Basic Info (spec 2 §3), with the score in the tooltip. */
export function VerificationBadge({ verification }: { verification: Investor['verification'] }) {
  return (
    <span
      className={`${chip} ${VERIFICATION_TONES[verification.level]}`}
      title={`Verification score ${verification.score}`}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {VERIFICATION_LABELS[verification.level]}
    </span>
  );
}

export function StatusChip({ status }: { status: InvestorStatus }) {
  return <span className={`${chip} ${STATUS_TONES[status]}`}>{INVESTORS.statusLabels[status]}</span>;
}

/** Marks an investor from the bundled directory of fictional investors. */
export function SampleBadge() {
  return (
    <span className={`${chip} bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-500/15 dark:text-fuchsia-300`}>
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {INVESTOR_TEXT.sampleBadge}
    </span>
  );
}

/** A focus area or stage. */
export function TagChip({ children }: { children: string }) {
  return (
    <span className={`${chip} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}>
      {children}
    </span>
  );
}

/** A count next to a tab's name. */
export function CountBadge({ count }: { count: number | undefined }) {
  return (
    <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
      {count ?? '–'}
    </span>
  );
}
