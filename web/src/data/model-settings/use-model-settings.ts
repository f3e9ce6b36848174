import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { modelSettingsKeys } from './keys.ts';

/** GET /api/model-settings: the founder's connection (key as a hint only) and who answers them now. */
export function useModelSettings() {
  const api = useApi();
  return useQuery({ queryKey: modelSettingsKeys.settings(), queryFn: () => api.modelSettings() });
}
