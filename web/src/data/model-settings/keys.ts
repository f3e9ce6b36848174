/** Query keys of Settings → Model: the founder's own connection, and the local model servers this machine runs. */
export const modelSettingsKeys = {
  settings: () => ['model-settings', 'founder'] as const,
  localServers: () => ['model-settings', 'local-servers'] as const,
};
