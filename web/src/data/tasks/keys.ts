/** Query keys of the task list and task results. */
export const taskKeys = {
  all: (userId: string) => ['tasks', userId] as const,
  list: (userId: string) => ['tasks', userId, 'list'] as const,
  result: (taskId: string) => ['task-result', taskId] as const,
};
