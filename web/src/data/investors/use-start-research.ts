import { useMutation } from '@tanstack/react-query';
import { INVESTORS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';

/**
 * AI Research: POST …/create-task (priority INVESTORS.researchTaskPriority), then
 * POST /api/agents/investor-outreach/{userId}/process with its id. Answers the process status (usually
 * 'queued': the worker runs it and the page polls for results).
 */
export function useStartResearch(userId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async (description: string) => {
      const { task } = await api.createResearchTask(userId, {
        description,
        priority: INVESTORS.researchTaskPriority,
      });
      const { status } = await api.processResearch(userId, task.id);
      return { taskId: task.id, status };
    },
  });
}
