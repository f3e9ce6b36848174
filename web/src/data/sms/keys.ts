/** Query keys of the phone integration, all under ['sms', userId] so one invalidation refreshes status and thread. */
export const smsKeys = {
  all: (userId: string) => ['sms', userId] as const,
  status: (userId: string) => ['sms', userId, 'status'] as const,
  messages: (userId: string) => ['sms', userId, 'messages'] as const,
};
