/** Query keys of the public server configuration. */
export const configKeys = {
  public: () => ['config', 'public'] as const,
};
