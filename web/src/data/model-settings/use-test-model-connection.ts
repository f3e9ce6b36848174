import { useMutation } from '@tanstack/react-query';
import type { ModelConnectionTest } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';

/** POST /api/model-settings/test: nothing is saved; a failed test is an answer (ok false), not an error. */
export function useTestModelConnection() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ModelConnectionTest) => api.testModelConnection(body) });
}
