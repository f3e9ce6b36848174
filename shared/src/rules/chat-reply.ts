import type { ChatMessage, SendMessageResponse } from '../schemas/chat.ts';
import { tasksCreatedText } from './chat-text.ts';

/**
 * The stored messages of a reply, in thread order, plus the task notice when the reply created tasks (spec 1 §4
 * step 4): the server's notice when it sent one, else one written here from the count.
 */
export function storedMessages(reply: SendMessageResponse): ChatMessage[] {
  const { userMessage, internMessage, taskNotification, aiResponse } = reply;
  if (taskNotification) return [userMessage, internMessage, taskNotification];
  if (aiResponse.tasks_generated <= 0) return [userMessage, internMessage];
  const notice: ChatMessage = {
    id: `${internMessage.id}-tasks`,
    role: 'intern',
    text: tasksCreatedText(aiResponse.tasks_generated),
    timestamp: internMessage.timestamp,
    isTaskNotification: true,
  };
  return [userMessage, internMessage, notice];
}
