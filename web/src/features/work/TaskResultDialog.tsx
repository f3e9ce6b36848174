import { formatCost, type Task } from '@cofounder/shared';
import { Markdown } from '@cofounder/shared/ui';
import { useTaskResult } from '../../data/tasks/use-task-result.ts';
import { STATUS_LABELS } from './labels.ts';
import { MachineRun } from './MachineRun.tsx';
import { WorkDialog } from './WorkDialog.tsx';

/** A task's result: the agent's Markdown (rendered safely), its summary, tokens and estimated cost. */
export function TaskResultDialog({ task, userId, onClose }: { task: Task | null; userId: string; onClose: () => void }) {
  const result = useTaskResult(task?.id ?? null);
  const data = result.data?.result ?? null;
  return (
    <WorkDialog
      open={task !== null}
      onClose={onClose}
      title={task?.description ?? 'Task'}
      description={task ? `Status: ${STATUS_LABELS[result.data?.task.status ?? task.status]}` : undefined}
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
          <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{data.summary}</p>
          <div className="text-sm text-slate-800 dark:text-slate-100" data-testid="task-result-content">
            <Markdown text={data.content} />
          </div>
          <dl className="flex flex-wrap gap-6 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Tokens</dt>
              <dd className="font-semibold">{data.tokens.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Estimated cost</dt>
              <dd className="font-semibold">{formatCost(data.costUsd)}</dd>
            </div>
          </dl>
          {task && <MachineRun task={result.data?.task ?? task} userId={userId} data={data.data} />}
        </div>
      )}
    </WorkDialog>
  );
}
