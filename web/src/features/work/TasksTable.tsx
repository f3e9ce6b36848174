import { useMemo, useState } from 'react';
import {
  PRIORITY_BUCKETS,
  TASK_CATEGORIES,
  TASK_STATUSES,
  priorityBucket,
  relativeTime,
  type ListedTask,
  type PriorityBucket,
  type TaskCategory,
  type TaskStatus,
} from '@cofounder/shared';
import { CATEGORY_LABELS, STATUS_LABELS, WORK_TEXT, cardClass, statusBadge } from './labels.ts';

/**
 * The table opens on the active tasks (spec 2 "Active Tasks"): every status but completed, and completed drafts
 * that still need the founder's input.
 */
const ACTIVE = 'active';
type StatusChoice = TaskStatus | typeof ACTIVE;
const STATUS_CHOICES: readonly StatusChoice[] = [ACTIVE, ...TASK_STATUSES];
const STATUS_CHOICE_LABELS: Record<StatusChoice, string> = {
  [ACTIVE]: WORK_TEXT.activeFilter,
  ...STATUS_LABELS,
};
const matchesStatus = (
  filter: StatusChoice | 'all',
  { status, outcome }: Pick<ListedTask, 'status' | 'outcome'>,
) =>
  filter === 'all' ||
  (filter === ACTIVE ? status !== 'completed' || outcome === 'needs_input' : status === filter);

const BUCKET_LABELS: Record<PriorityBucket, string> = {
  high: 'High (8-10)',
  medium: 'Medium (5-7)',
  low: 'Low (1-4)',
};

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function Filter<V extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: V | 'all';
  options: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V | 'all') => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      {label}
      <select className={selectClass} value={value} onChange={(e) => onChange(e.target.value as V | 'all')}>
        <option value="all">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}

function StatusBadge({ task }: { task: ListedTask }) {
  const { label, tone } = statusBadge(task.status, task.outcome, task.requiredPlatforms);
  return (
    <span
      data-testid="task-status"
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}
    >
      {label}
    </span>
  );
}

/** Active Tasks: Status (the active ones first), Category and Priority filters over the task list; a row opens the task. */
export function TasksTable({
  tasks,
  onOpen,
  now,
}: {
  tasks: ListedTask[];
  onOpen: (task: ListedTask) => void;
  now?: Date;
}) {
  const [status, setStatus] = useState<StatusChoice | 'all'>(ACTIVE);
  const [category, setCategory] = useState<TaskCategory | 'all'>('all');
  const [priority, setPriority] = useState<PriorityBucket | 'all'>('all');

  const shown = useMemo(
    () =>
      tasks.filter(
        (task) =>
          matchesStatus(status, task) &&
          (category === 'all' || task.category === category) &&
          (priority === 'all' || priorityBucket(task.priority) === priority),
      ),
    [tasks, status, category, priority],
  );

  return (
    <section className={cardClass} aria-labelledby="active-tasks">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="active-tasks" className="text-lg font-semibold text-slate-900 dark:text-white">
          Active Tasks
        </h2>
        <div className="flex flex-wrap gap-3">
          <Filter
            label="Status"
            value={status}
            options={STATUS_CHOICES}
            labels={STATUS_CHOICE_LABELS}
            onChange={setStatus}
          />
          <Filter
            label="Category"
            value={category}
            options={TASK_CATEGORIES}
            labels={CATEGORY_LABELS}
            onChange={setCategory}
          />
          <Filter
            label="Priority"
            value={priority}
            options={PRIORITY_BUCKETS}
            labels={BUCKET_LABELS}
            onChange={setPriority}
          />
        </div>
      </div>
      {tasks.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          No tasks yet. Ask your co-founder in the chat to create tasks.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          {status === ACTIVE && category === 'all' && priority === 'all'
            ? WORK_TEXT.noActiveTasks
            : 'No tasks match these filters.'}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Category</th>
                <th className="py-2 pr-3 font-medium">Task Description</th>
                <th className="py-2 pr-3 font-medium">Priority</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {shown.map((task) => (
                <tr
                  key={task.id}
                  data-testid="task-row"
                  className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900"
                  onClick={() => onOpen(task)}
                >
                  <td className="py-2.5 pr-3 whitespace-nowrap text-slate-700 dark:text-slate-200">
                    {CATEGORY_LABELS[task.category]}
                  </td>
                  <td className="py-2.5 pr-3 text-slate-900 dark:text-white">
                    {/* The row is clickable for the mouse; the button makes it reachable by keyboard too. */}
                    <button
                      type="button"
                      className="rounded-sm text-left hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                    >
                      {task.description}
                    </button>
                  </td>
                  <td className="py-2.5 pr-3 text-slate-700 tabular-nums dark:text-slate-200">
                    {task.priority}
                  </td>
                  <td className="py-2.5 pr-3">
                    <StatusBadge task={task} />
                  </td>
                  <td className="py-2.5 whitespace-nowrap text-slate-500 dark:text-slate-400">
                    {relativeTime(task.createdAt, now)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
