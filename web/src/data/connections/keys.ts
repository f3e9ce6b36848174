/** Query keys of the social connections (one map per signed-in user). */
export const connectionKeys = {
  all: () => ['connections'] as const,
  map: (userId: string) => ['connections', userId] as const,
};
