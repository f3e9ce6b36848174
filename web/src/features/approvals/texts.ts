import { PLATFORM_NAMES, type Approval } from '@cofounder/shared';

export const APPROVALS_EMPTY = 'Nothing waiting for you';

/** What the inbox holds: every kind the sidebar badge counts (posts, investor emails, computer actions). */
export const APPROVALS_SUBTITLE =
  'Posts, investor emails and sensitive computer actions your co-founder prepared wait here until you approve them.';

/** After the sidebar badge's count, for screen readers only: the link reads "Approvals 2 waiting". */
export const APPROVALS_WAITING_SUFFIX = ' waiting';

type Platform = Approval['post']['platform'];

export const APPROVAL_TEXT = {
  approved: 'Approved — queued to publish',
  approvedWaiting: (p: Platform) => `Approved — waiting for ${PLATFORM_NAMES[p]} to be connected`,
  rejected: 'Post rejected',
  decideFailed: 'Could not save your decision. Please try again.',
  queued: 'Queued to publish',
  nextTry: (when: string) => `Next try ${when}`,
  waiting: (p: Platform) => `Waiting for ${PLATFORM_NAMES[p]} to be connected`,
  connect: (p: Platform) => `Connect ${PLATFORM_NAMES[p]}`,
  published: 'Published',
  viewPost: 'View post',
  failed: (error: string | null) => `Publishing failed: ${error ?? 'unknown error'}`,
  retry: 'Retry',
  retried: 'Post queued to publish again',
  retryFailed: 'Could not queue the post again. Please try again.',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** A future moment as "in 5 minutes" / "in 2 hours"; "now" once it has passed. */
export function untilText(timestamp: string, now: Date = new Date()): string {
  const ms = Math.max(0, new Date(timestamp).getTime() - now.getTime());
  const [unit, size] = UNITS.find(([, s]) => ms >= s) ?? ['second', 1000];
  return relative.format(Math.round(ms / size), unit);
}
