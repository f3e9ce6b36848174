/** Query keys of the founder's posting settings ("Approve before posting"). */
export const postingSettingsKeys = {
  all: () => ['posting-settings'] as const,
};
