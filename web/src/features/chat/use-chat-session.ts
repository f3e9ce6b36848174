import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useChatSend, type ThreadMessage } from '@cofounder/shared/ui';
import { useApi } from '../../data/api-context.tsx';
import { appendToConversation } from '../../data/conversation/use-conversation.ts';
import { usageKeys } from '../../data/usage/keys.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/**
 * The dashboard's chat send flow: the shared one (useChatSend) wired to the query cache, the usage query and
 * the auth client (signing out locally sends the auth guard to /login). `trialEnded` is set by a 402 (the free
 * trial ended) until a send succeeds again, so the screen can offer the way to /pricing.
 */
export function useChatSession(userId: string, history: readonly ThreadMessage[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { token, client } = useAuth();
  const [trialEnded, setTrialEnded] = useState(false);
  const session = useChatSend(history, {
    sendStream: token ? (body, onDelta) => api.sendMessageStream(userId, body, { onDelta }) : null,
    onStored: (stored) => {
      setTrialEnded(false);
      appendToConversation(queryClient, userId, stored);
    },
    onFailure: (failure) => setTrialEnded(failure.kind === 'payment_required'),
    onUsageChanged: () => void queryClient.invalidateQueries({ queryKey: usageKeys.details(userId) }),
    onSessionExpired: () => void client.signOut({ scope: 'local' }),
  });
  return { ...session, trialEnded };
}
