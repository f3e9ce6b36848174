/** Query keys of the autonomy settings. */
export const autonomyKeys = {
  settings: (userId: string) => ['autonomy', userId, 'settings'] as const,
};
