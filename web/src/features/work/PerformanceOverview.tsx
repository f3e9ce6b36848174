import {
  totalCostText,
  percentOf,
  successRate,
  type ActivityResponse,
  type TaskListResponse,
  formatCount,
} from '@cofounder/shared';
import {
  CONNECT_MODEL_TEXT,
  MODEL_SETTINGS_PATH,
  TASK_COUNT_LABEL,
  TaskCountTiles,
  type TaskCountKey,
  type TaskCountTilesLook,
} from '@cofounder/shared/ui';
import { Link } from 'react-router';
import { WORK_TEXT, cardClass } from './labels.ts';
import { SuccessRing } from './SuccessRing.tsx';

const COMING_SOON = ['LinkedIn', 'Hacker News', 'Instagram'];
/** Under the total: each stage's count and share of it, then what needs the founder. */
const SHARE_KEYS: TaskCountKey[] = ['completed', 'in_progress', 'pending'];
const ATTENTION_KEYS: TaskCountKey[] = ['paused', 'failed'];

const tileLabel = 'text-xs text-slate-500 dark:text-slate-400';
const SHARE_LOOK: TaskCountTilesLook = {
  list: 'mt-3 grid grid-cols-3 gap-2',
  label: tileLabel,
  value: () => 'text-sm font-semibold text-slate-900 dark:text-white',
};
const ATTENTION_VALUE: Partial<Record<TaskCountKey, string>> = {
  paused: 'font-semibold text-violet-700 dark:text-violet-300',
  failed: 'font-semibold text-red-700 dark:text-red-300',
};
const ATTENTION_LOOK: TaskCountTilesLook = {
  list: 'mt-3 flex gap-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800',
  label: tileLabel,
  value: (key) => ATTENTION_VALUE[key] ?? '',
};

/** Performance Overview: totals with a progress bar, platform activity, success rate, tokens and cost. */
export function PerformanceOverview({
  tasks,
  stats,
}: {
  tasks: TaskListResponse;
  stats: ActivityResponse['stats'] | undefined;
}) {
  const completedPct = percentOf(tasks.completed, tasks.total);
  // Need Login and Failed only when some task is in them.
  const attention = ATTENTION_KEYS.filter((key) => tasks[key] > 0);
  return (
    <section aria-labelledby="performance-overview">
      <h2 id="performance-overview" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Performance Overview
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <div className={cardClass}>
          <h3 className="text-sm font-medium text-slate-500 dark:text-slate-400">{TASK_COUNT_LABEL.total}</h3>
          <p className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">{tasks.total}</p>
          <div
            role="progressbar"
            aria-label="Tasks completed"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completedPct}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${completedPct}%` }} />
          </div>
          <TaskCountTiles
            counts={tasks}
            keys={SHARE_KEYS}
            look={SHARE_LOOK}
            detail={(key) => (
              <span className="font-normal text-slate-500 dark:text-slate-400">
                ({percentOf(tasks[key], tasks.total)}%)
              </span>
            )}
          />
          {attention.length > 0 && <TaskCountTiles counts={tasks} keys={attention} look={ATTENTION_LOOK} />}
        </div>

        <div className={cardClass} data-testid="platform-activity">
          <h3 className="text-sm font-medium text-slate-500 dark:text-slate-400">Platform Activity</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">{WORK_TEXT.platformCounts}</p>
          {/* Posts that went out: the server counts activities with outcome 'Published' only, never drafts
              ('Ready to publish') or failures; the feed below holds just one page, so it cannot be counted here. */}
          <dl className="mt-2 space-y-1.5 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-700 dark:text-slate-200">X</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">
                {stats?.platforms.twitter ?? 0}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-700 dark:text-slate-200">Reddit</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{stats?.platforms.reddit ?? 0}</dd>
            </div>
            {COMING_SOON.map((name) => (
              <div key={name} className="flex justify-between">
                <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
                <dd className="text-xs text-slate-500 dark:text-slate-400">Coming Soon</dd>
              </div>
            ))}
          </dl>
          {stats && (
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
              {stats.total} activities, {stats.this_week} this week
            </p>
          )}
        </div>

        <div className={`${cardClass} flex flex-col items-center`}>
          <h3 className="self-start text-sm font-medium text-slate-500 dark:text-slate-400">Success Rate</h3>
          <SuccessRing percent={successRate(tasks)} />
          {tasks.needs_input > 0 && (
            <p data-testid="needs-input-count" className="mt-1 text-xs text-amber-700 dark:text-amber-300">
              {tasks.needs_input} {tasks.needs_input === 1 ? 'draft needs' : 'drafts need'} your input
            </p>
          )}
          {/* Those drafts are the offline co-founder's: a model writes the real thing. */}
          {tasks.needs_input > 0 && (
            <Link
              to={MODEL_SETTINGS_PATH}
              className="text-xs font-medium text-indigo-600 underline hover:text-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400"
            >
              {CONNECT_MODEL_TEXT}
            </Link>
          )}
          <dl className="mt-2 grid w-full grid-cols-2 gap-2 text-center text-sm">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Tokens used</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">
                {formatCount(tasks.usage.tokens)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Estimated cost</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{totalCostText(tasks.usage)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
