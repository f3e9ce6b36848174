// Type-only import: the popup's first paint shows these labels and must stay free of zod.
import type { TaskListResponse } from '../../schemas/tasks-api.ts';

/** The task counts shown as tiles (paused = paused_login_required). */
export type TaskCountKey = keyof Pick<
  TaskListResponse,
  'total' | 'pending' | 'in_progress' | 'completed' | 'paused' | 'failed'
>;

/** What each task count is called, on the dashboard's Performance Overview and the popup's tiles alike. */
export const TASK_COUNT_LABEL: Record<TaskCountKey, string> = {
  total: 'Total Tasks',
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  paused: 'Need Login',
  failed: 'Failed',
};
