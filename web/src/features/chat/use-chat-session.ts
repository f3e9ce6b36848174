import { useQueryClient } from '@tanstack/react-query';
import { useChatSend, type ThreadMessage } from '@cofounder/shared/ui';
import { useApi } from '../../data/api-context.tsx';
import { appendToConversation } from '../../data/conversation/use-conversation.ts';
import { usageKeys } from '../../data/usage/keys.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/**
 * The dashboard's chat send flow: the shared one (useChatSend) wired to the query cache, the usage query and
 * the auth client (signing out locally sends the auth guard to /login).
 */
export function useChatSession(userId: string, history: readonly ThreadMessage[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { token, client } = useAuth();
  return useChatSend(history, {
    sendStream: token ? (body, onDelta) => api.sendMessageStream(userId, body, { onDelta }) : null,
    onStored: (stored) => appendToConversation(queryClient, userId, stored),
    onUsageChanged: () => void queryClient.invalidateQueries({ queryKey: usageKeys.details(userId) }),
    onSessionExpired: () => void client.signOut({ scope: 'local' }),
  });
}
