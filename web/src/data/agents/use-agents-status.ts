import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { agentKeys } from './keys.ts';

/** GET /api/agents/status: whether the kill switch is on. */
export function useAgentsStatus() {
  const api = useApi();
  return useQuery({ queryKey: agentKeys.status(), queryFn: async () => (await api.agentsStatus()).paused });
}

/** POST /api/agents/stop or /resume; the answer replaces the cached status. */
export function useSetAgentsPaused() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paused: boolean) => (await (paused ? api.stopAgents() : api.resumeAgents())).paused,
    onSuccess: (paused) => queryClient.setQueryData(agentKeys.status(), paused),
  });
}
