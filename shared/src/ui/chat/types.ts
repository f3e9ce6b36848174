import type { ChatMessage } from '../../schemas/chat.ts';

/**
 * A message as the thread shows it: a stored ChatMessage, or one that exists only on this screen (the
 * optimistic user message, the reply being streamed, a failure reply). "ai" is the onboarding conversation's
 * name for the intern (spec 1 §3).
 */
export interface ThreadMessage extends Omit<ChatMessage, 'role'> {
  role: ChatMessage['role'] | 'ai';
  /** The reply is still arriving: no copy button yet, and screen readers wait for the whole text. */
  streaming?: boolean;
}
