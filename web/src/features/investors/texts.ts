import { INVESTORS, type InvestorStatus, type OnboardingDraft } from '@cofounder/shared';
import { INDUSTRY_LABELS } from '../onboarding/options.ts';

/** The investors screen's fixed words. */
export const INVESTOR_TEXT = {
  title: 'Investor Outreach',
  intro:
    'Investors that fit your startup, and the emails your co-founder drafted for them. Nothing is sent until you approve it.',
  research: 'AI Research',
  researching: 'Researching investors…',
  researchFound: 'New investors and drafts are ready.',
  researchStillRunning: 'Research is still running. New investors will appear here when it finishes.',
  researchFailed: 'Could not start the research. Please try again.',
  defaultResearch: 'Find investors that fit my startup',
  empty: 'No investors yet. Run AI Research to find investors that fit your startup.',
  noMatches: 'No investors match your search or filter.',
  emptyEmails: 'No emails waiting for approval.',
  sampleNotice: 'These investors are fictional sample data from the offline research directory.',
  sampleBadge: 'Sample data',
  loadFailed: 'Could not load your investors.',
  emailsLoadFailed: 'Could not load the emails waiting for approval.',
  tryAgain: 'Try Again',
  alreadyHandled: 'This email was already handled.',
  sendFailed: 'Could not send the email. Please try again.',
  rejectFailed: 'Could not reject the email. Please try again.',
  updateFailed: 'Could not update the investor. Please try again.',
  sent: (name: string) => `Email sent to ${name}`,
  rejected: 'Email rejected',
  marked: (status: InvestorStatus) => `Marked as ${INVESTORS.statusLabels[status]}`,
  sampleDirectory: 'Sample directory',
  matchScore: (score: number) => `Match ${score}/100`,
  matchReasons: 'Why they match',
  matchKinds: { fits: 'Fits', gap: 'Does not fit', unknown: 'Not known' },
} as const;

/** Where other screens link to open the Email Approvals tab. */
export const EMAIL_APPROVALS_PATH = '/dashboard/investor-outreach?tab=emails';

/** Status chip colours, dark theme aware. */
export const STATUS_TONES: Record<InvestorStatus, string> = {
  new: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  contacted: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  responded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  meeting: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
};

/** The first INVESTORS.emailPreviewChars characters of a body, with an ellipsis when it was cut (spec 2 §9). */
export function emailPreview(body: string, max: number = INVESTORS.emailPreviewChars): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

/** The portfolio a card shows (spec 2 §9): the first INVESTORS.portfolioPreview, then how many more. */
export function portfolioPreview(portfolio: readonly string[], max: number = INVESTORS.portfolioPreview) {
  return { shown: portfolio.slice(0, max), more: Math.max(0, portfolio.length - max) };
}

/** The research task's description from the founder's onboarding profile when this browser has it. */
export function researchDescription(profile: Partial<OnboardingDraft> | null): string {
  const idea = profile?.idea?.trim();
  if (!idea) return INVESTOR_TEXT.defaultResearch;
  const industry =
    profile?.industry && profile.industry !== 'other' ? `${INDUSTRY_LABELS[profile.industry]} ` : '';
  const stage = profile?.stage ? ` Stage: ${profile.stage}.` : '';
  return `Find investors that fit my ${industry}startup: ${idea}.${stage}`.replace(/\.\./g, '.');
}

/** "0:05", "1:30": minutes and seconds since the research started. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as a short date ("Mar 5, 2025"); an unreadable one as it is. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** A stored timestamp with its time ("Mar 5, 2025, 10:00 AM"). */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}

/** An outside link only when it is http(s): research data must never become a javascript: link. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
