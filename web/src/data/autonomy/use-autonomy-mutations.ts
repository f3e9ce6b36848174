import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutonomySettingsResponse, UpdateAutonomyBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { autonomyKeys } from './keys.ts';

/** Every autonomy POST answers the whole settings; the answer replaces the cached ones. */
function useAutonomyMutation<T>(userId: string, call: (body: T) => Promise<AutonomySettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ settings }) => queryClient.setQueryData(autonomyKeys.settings(userId), settings),
  });
}

/** POST /api/autonomous/enable (Start). */
export function useEnableAutonomy(userId: string) {
  const api = useApi();
  return useAutonomyMutation(userId, (body: UpdateAutonomyBody) => api.enableAutonomy(userId, body));
}

/** POST /api/autonomous/disable (Pause). */
export function useDisableAutonomy(userId: string) {
  const api = useApi();
  return useAutonomyMutation(userId, () => api.disableAutonomy(userId));
}

/** POST /api/autonomous/settings (Save Changes). */
export function useUpdateAutonomy(userId: string) {
  const api = useApi();
  return useAutonomyMutation(userId, (body: UpdateAutonomyBody) => api.updateAutonomy(userId, body));
}
