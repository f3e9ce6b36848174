import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ExternalLink, Mail } from 'lucide-react';
import { ApiError, formatCheckSize, type Investor } from '@cofounder/shared';
import { useUpdateInvestor } from '../../data/investors/use-update-investor.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass } from '../work/labels.ts';
import { WorkDialog } from '../work/WorkDialog.tsx';
import { InvestorAvatar } from './InvestorAvatar.tsx';
import { MatchBadge, MatchReasons } from './MatchReasons.tsx';
import { SampleBadge, StatusChip, TagChip, VerificationBadge } from './badges.tsx';
import { INVESTOR_TEXT, dateTime, safeHref, shortDate } from './texts.ts';

interface InvestorDetailDialogProps {
  userId: string;
  investor: Investor | null;
  onClose: () => void;
  /** The investor as the server answered a status change, so the dialog shows it at once. */
  onUpdated: (investor: Investor) => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

const linkClass =
  'inline-flex items-center gap-1 text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-300';
const none = <span className="text-slate-600 dark:text-slate-400">—</span>;

function List({ items, label }: { items: string[]; label: string }) {
  if (items.length === 0) return none;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item, i) => (
        <li key={`${item}-${i}`}>
          <TagChip>{item}</TagChip>
        </li>
      ))}
    </ul>
  );
}

/** Spec 2 §2 investor detail modal: every field, and the reply buttons once the investor was contacted. */
export function InvestorDetailDialog({ userId, investor, onClose, onUpdated }: InvestorDetailDialogProps) {
  const update = useUpdateInvestor(userId);
  if (!investor) return null;
  const mark = (status: 'responded' | 'meeting') =>
    update.mutate(
      { investorId: investor.investorId, body: { status } },
      {
        onSuccess: (updated) => {
          onUpdated(updated);
          toast.success(INVESTOR_TEXT.marked(status));
        },
        onError: (e) => toast.error(e instanceof ApiError ? e.message : INVESTOR_TEXT.updateFailed),
      },
    );
  const canRespond = investor.status === 'contacted';
  const canMeet = investor.status === 'contacted' || investor.status === 'responded';
  const check = formatCheckSize(investor.check);
  const linkedin = safeHref(investor.linkedin);
  const source = safeHref(investor.sourceUrl);

  return (
    <WorkDialog open onClose={onClose} title={investor.name} description={investor.firm ?? undefined} wide>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <InvestorAvatar userId={userId} name={investor.name} photoUrl={investor.photoUrl} size="lg" />
          <StatusChip status={investor.status} />
          {investor.match && <MatchBadge match={investor.match} />}
          <VerificationBadge verification={investor.verification} />
          {investor.sample && <SampleBadge />}
        </div>
        {investor.sample && (
          <p className="text-sm text-fuchsia-800 dark:text-fuchsia-300">{INVESTOR_TEXT.sampleNotice}</p>
        )}
        {investor.match && (
          <section aria-labelledby="investor-match-heading">
            <h3
              id="investor-match-heading"
              className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200"
            >
              {INVESTOR_TEXT.matchReasons}
            </h3>
            <MatchReasons reasons={investor.match.reasons} />
          </section>
        )}
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Email">
            {investor.email ? (
              <a className={linkClass} href={`mailto:${investor.email}`}>
                <Mail className="size-3.5" aria-hidden="true" />
                {investor.email}
              </a>
            ) : (
              none
            )}
          </Field>
          <Field label="LinkedIn">
            {linkedin ? (
              <a className={linkClass} href={linkedin} target="_blank" rel="noopener noreferrer">
                LinkedIn profile
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              none
            )}
          </Field>
          <Field label="Firm">{investor.firm ?? none}</Field>
          <Field label="Location">{investor.geo ?? none}</Field>
          <Field label="Check size">{check ?? none}</Field>
          <Field label="Stages">
            <List items={investor.stages} label="Stages" />
          </Field>
          <div className="sm:col-span-2">
            <Field label="Thesis">{investor.thesis ?? none}</Field>
          </div>
          <div className="sm:col-span-2">
            <Field label="Focus">
              <List items={investor.focus} label="Focus areas" />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field label={`Portfolio (${investor.portfolio.length})`}>
              <List items={investor.portfolio} label="Full portfolio" />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field label="Recent investments">
              <List items={investor.recentInvestments} label="Recent investments" />
            </Field>
          </div>
          <Field label="Source">
            {source ? (
              <a className={linkClass} href={source} target="_blank" rel="noopener noreferrer">
                {sourceHost(source)}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              (investor.sourceUrl ?? INVESTOR_TEXT.sampleDirectory)
            )}
          </Field>
          <Field label="Found">{shortDate(investor.foundAt)}</Field>
          <Field label="Last contact">
            {investor.lastContactDate ? dateTime(investor.lastContactDate) : none}
          </Field>
        </dl>
        {(canRespond || canMeet) && (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            {canRespond && (
              <button
                type="button"
                className={buttonClass}
                disabled={update.isPending}
                onClick={() => mark('responded')}
              >
                {update.isPending && update.variables.body.status === 'responded' && <Spinner />}
                Mark Responded
              </button>
            )}
            {canMeet && (
              <button
                type="button"
                className={buttonClass}
                disabled={update.isPending}
                onClick={() => mark('meeting')}
              >
                {update.isPending && update.variables.body.status === 'meeting' && <Spinner />}
                Mark Meeting Scheduled
              </button>
            )}
          </div>
        )}
      </div>
    </WorkDialog>
  );
}

/** The source's host name as the link text ("www.example.com" → "example.com"). */
function sourceHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
