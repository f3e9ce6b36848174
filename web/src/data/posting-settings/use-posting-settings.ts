import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { postingSettingsKeys } from './keys.ts';

/** GET /api/user/posting-settings: whether drafted posts wait for the founder's approval. */
export function usePostingSettings() {
  const api = useApi();
  return useQuery({
    queryKey: postingSettingsKeys.all(),
    queryFn: async () => (await api.postingSettings()).settings,
  });
}
