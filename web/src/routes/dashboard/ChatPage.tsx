import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { ChatScreen } from '../../features/chat/ChatScreen.tsx';

/** /dashboard/chat (and /chat, which redirects here): the chat with the AI co-founder. */
export function ChatPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user; the key starts a fresh screen if the account changes.
  return user ? <ChatScreen key={user.id} userId={user.id} /> : null;
}
