import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { WORK, type ListedTask } from '@cofounder/shared';
import { MessageSquare, RefreshCw, Wrench } from 'lucide-react';
import { activityKeys } from '../../data/activities/keys.ts';
import { useRecentActivities } from '../../data/activities/use-recent-activities.ts';
import { taskKeys } from '../../data/tasks/keys.ts';
import { useRetryFailed } from '../../data/tasks/use-retry-failed.ts';
import { hasLiveTasks, useTasks } from '../../data/tasks/use-tasks.ts';
import { useAgentsStatus } from '../../data/agents/use-agents-status.ts';
import { KillSwitch } from '../agents/KillSwitch.tsx';
import { ActivityFeed } from './ActivityFeed.tsx';
import { ActivityHistoryDialog } from './ActivityHistoryDialog.tsx';
import { AuthRequiredDialog } from './AuthRequiredDialog.tsx';
import { PerformanceOverview } from './PerformanceOverview.tsx';
import { TaskResultDialog } from './TaskResultDialog.tsx';
import { TasksTable } from './TasksTable.tsx';
import { WORK_TEXT, buttonClass, cardClass, primaryClass } from './labels.ts';

export const RETRY_FAILED_ERROR = 'Failed to retry tasks. Please try again.';

/** /dashboard/work, "Co-Founder Activity": what the co-founder did and is doing, live while tasks run. */
export function WorkScreen({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const tasks = useTasks(userId);
  const live = hasLiveTasks(tasks.data);
  // With the kill switch on nothing moves, so the header says the tasks wait instead of "updates live".
  const stopped = useAgentsStatus().data === true;
  const waiting = (tasks.data?.pending ?? 0) + (tasks.data?.in_progress ?? 0);
  const activities = useRecentActivities(userId, live);
  const retry = useRetryFailed(userId);
  const [resultTask, setResultTask] = useState<ListedTask | null>(null);
  const [pausedTask, setPausedTask] = useState<ListedTask | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.all(userId) });
    void queryClient.invalidateQueries({ queryKey: activityKeys.all(userId) });
  };

  const fixFailed = () =>
    retry.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message, { autoClose: WORK.successToastMs }),
      onError: () => toast.error(RETRY_FAILED_ERROR),
    });

  const openTask = (task: ListedTask) =>
    task.status === 'paused_login_required' ? setPausedTask(task) : setResultTask(task);

  const refreshing = tasks.isFetching || activities.isFetching;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Co-Founder Activity
          </h1>
          {live && !stopped && (
            <p className="mt-1 flex items-center gap-2 text-sm text-sky-700 dark:text-sky-300" role="status">
              <span className="size-2 animate-pulse rounded-full bg-sky-500" aria-hidden="true" />
              {WORK_TEXT.live}
            </p>
          )}
          {live && stopped && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="tasks-waiting">
              {WORK_TEXT.stopped(waiting)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <KillSwitch />
          {(tasks.data?.failed ?? 0) > 0 && (
            <button type="button" className={buttonClass} onClick={fixFailed} disabled={retry.isPending}>
              <Wrench className="size-4" aria-hidden="true" />
              Fix Failed Tasks
            </button>
          )}
          <button type="button" className={buttonClass} onClick={refresh} disabled={refreshing}>
            <RefreshCw className={`size-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
            Refresh
          </button>
          <Link to="/dashboard/chat" className={primaryClass}>
            <MessageSquare className="size-4" aria-hidden="true" />
            Chat with Co-Founder
          </Link>
        </div>
      </header>

      {tasks.isError ? (
        <p role="alert" className={`${cardClass} text-sm text-red-600 dark:text-red-400`}>
          Failed to load tasks
        </p>
      ) : tasks.isPending ? (
        <p className={`${cardClass} text-sm text-slate-500`}>Loading tasks...</p>
      ) : (
        <PerformanceOverview tasks={tasks.data} stats={activities.data?.stats} />
      )}

      <ActivityFeed
        activities={activities.data?.activities ?? []}
        loading={activities.isPending}
        error={activities.isError ? 'Failed to load activities' : null}
        onViewAll={() => setHistoryOpen(true)}
      />

      {tasks.data && <TasksTable tasks={tasks.data.tasks} onOpen={openTask} />}

      <TaskResultDialog task={resultTask} userId={userId} onClose={() => setResultTask(null)} />
      <AuthRequiredDialog task={pausedTask} onClose={() => setPausedTask(null)} />
      <ActivityHistoryDialog userId={userId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}
