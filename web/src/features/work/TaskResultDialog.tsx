import { isOfflineDraft, taskCostText, type ListedTask, formatCount } from '@cofounder/shared';
import { Markdown, OfflineDraftLabel } from '@cofounder/shared/ui';
import { useTaskResult } from '../../data/tasks/use-task-result.ts';
import { statusBadge } from './labels.ts';
import { MachineRun } from './MachineRun.tsx';
import { WorkDialog } from './WorkDialog.tsx';

/**
 * A task's result: the agent's Markdown (rendered safely), its summary, what produced it (an offline draft is
 * labelled, a model named), tokens and estimated cost.
 */
export function TaskResultDialog({
  task,
  userId,
  onClose,
}: {
  task: ListedTask | null;
  userId: string;
  onClose: () => void;
}) {
  const result = useTaskResult(task?.id ?? null);
  const data = result.data?.result ?? null;
  return (
    <WorkDialog
      open={task !== null}
      onClose={onClose}
      title={task?.description ?? 'Task'}
      description={
        task
          ? `Status: ${statusBadge(result.data?.task.status ?? task.status, data?.outcome ?? task.outcome).label}`
          : undefined
      }
      wide
    >
      {result.isPending ? (
        <p className="text-sm text-slate-500">Loading result...</p>
      ) : result.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load the task result
        </p>
      ) : !data ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No result yet. Your co-founder writes one when the task is done.
          </p>
          {task && <MachineRun task={result.data?.task ?? task} userId={userId} data={null} />}
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{data.summary}</p>
            <OfflineDraftLabel producedBy={data.producedBy} />
          </div>
          <div className="text-sm text-slate-800 dark:text-slate-100" data-testid="task-result-content">
            <Markdown text={data.content} />
          </div>
          <dl className="flex flex-wrap gap-6 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Tokens</dt>
              <dd className="font-semibold">{formatCount(data.tokens)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Estimated cost</dt>
              <dd className="font-semibold">{taskCostText(data)}</dd>
            </div>
            {data.producedBy && !isOfflineDraft(data.producedBy) && (
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Produced by</dt>
                <dd className="font-semibold">{data.producedBy}</dd>
              </div>
            )}
          </dl>
          {task && <MachineRun task={result.data?.task ?? task} userId={userId} data={data.data} />}
        </div>
      )}
    </WorkDialog>
  );
}
