import {
  NEEDS_INPUT_LABEL,
  waitsForUpgrade,
  type Activity,
  type TaskCategory,
  type TaskOutcome,
  type TaskStatus,
} from '@cofounder/shared';

export const CATEGORY_LABELS: Record<TaskCategory, string> = {
  marketing: 'Marketing',
  investor_outreach: 'Investor Outreach',
  research: 'Research',
  development: 'Development',
  sales: 'Sales',
};

export const STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  failed: 'Failed',
  paused_login_required: 'Login Required',
};

export const STATUS_TONES: Record<TaskStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  in_progress: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  paused_login_required: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
};

export const UPGRADE_REQUIRED_LABEL = 'Upgrade Required';

const NEEDS_INPUT_TONE = 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300';

/**
 * How a task's status reads and looks: a completed task whose result is a draft that needs the founder's input
 * says so ("Draft — needs your input"); every other status as the spec names it.
 */
export function statusBadge(
  status: TaskStatus,
  outcome: TaskOutcome | null | undefined,
  requiredPlatforms: readonly string[] = [],
): { label: string; tone: string } {
  if (status === 'completed' && outcome === 'needs_input')
    return { label: NEEDS_INPUT_LABEL, tone: NEEDS_INPUT_TONE };
  // Paused with no platform to connect: it waits for a plan (investor research below Builder), not a login.
  if (waitsForUpgrade({ status, requiredPlatforms }))
    return { label: UPGRADE_REQUIRED_LABEL, tone: STATUS_TONES[status] };
  return { label: STATUS_LABELS[status], tone: STATUS_TONES[status] };
}

export const PLATFORM_LABELS: Record<Activity['platform'] | 'twitter', string> = {
  twitter: 'X',
  reddit: 'Reddit',
  linkedin: 'LinkedIn',
  hackernews: 'Hacker News',
  instagram: 'Instagram',
  cofounder: 'Co-Founder',
};

export const cardClass =
  'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950';
export const buttonClass =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
export const primaryClass =
  'inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:opacity-60';

/** The Work screen's words for its live state, platform counts and task table. */
export const WORK_TEXT = {
  live: 'Working on your tasks — this page updates live',
  /** With the kill switch on, waiting tasks do not move: the live line would be untrue. */
  stopped: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'task waits' : 'tasks wait'} until you resume the agents`,
  platformCounts: 'Published posts',
  activeFilter: 'Active',
  noActiveTasks: 'No active tasks. Choose Status: All to see completed ones.',
} as const;
