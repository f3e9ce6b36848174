import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';

/** POST /api/contact (public, no session needed). Nothing is cached, so nothing is invalidated. */
export function useSendContact() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ContactBody) => api.contact(body) });
}
