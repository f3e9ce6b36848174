import { describe, expect, it } from 'vitest';
import type { ChatMessage, SendMessageResponse } from '../schemas/chat.ts';
import { storedMessages } from './chat-reply.ts';

const msg = (id: string, role: ChatMessage['role']): ChatMessage => ({ id, role, text: id, timestamp: '2025-03-10T10:00:00.000Z' });
const reply = (tasks: number, notice: ChatMessage | null = null): SendMessageResponse => ({
  aiResponse: { message: 'i', ready_to_work: true, tasks_generated: tasks },
  userMessage: msg('u', 'user'),
  internMessage: msg('i', 'intern'),
  taskNotification: notice,
});

describe('storedMessages', () => {
  it('is the user message and the reply when no tasks were created', () => {
    expect(storedMessages(reply(0)).map((m) => m.id)).toEqual(['u', 'i']);
  });

  it('keeps the server\'s task notice', () => {
    expect(storedMessages(reply(2, msg('n', 'intern'))).map((m) => m.id)).toEqual(['u', 'i', 'n']);
  });

  it('writes the notice from the count when the server sent none', () => {
    const notice = storedMessages(reply(3))[2];
    expect(notice).toMatchObject({ id: 'i-tasks', role: 'intern', isTaskNotification: true });
    expect(notice?.text).toBe("I've created 3 new task(s) for you. You can see them in Intern Activity.");
  });
});
