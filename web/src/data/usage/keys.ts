/** Query keys of usage metering. */
export const usageKeys = {
  details: (userId: string) => ['usage', 'details', userId] as const,
};
