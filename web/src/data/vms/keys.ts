/** Query keys of AI computer control, all under ['vms', userId] so one invalidation refreshes every machine view. */
export const vmKeys = {
  all: (userId: string) => ['vms', userId] as const,
  list: (userId: string) => ['vms', userId, 'list'] as const,
  task: (userId: string, vmId: string) => ['vms', userId, 'task', vmId] as const,
  view: (userId: string, vmId: string) => ['vms', userId, 'view', vmId] as const,
};
