/** Query keys of the activity feed. */
export const activityKeys = {
  all: (userId: string) => ['activities', userId] as const,
  recent: (userId: string) => ['activities', userId, 'recent'] as const,
  history: (userId: string) => ['activities', userId, 'history'] as const,
};
