/** Query keys of the intern settings. */
export const internSettingsKeys = {
  settings: (userId: string) => ['intern-settings', userId] as const,
};
