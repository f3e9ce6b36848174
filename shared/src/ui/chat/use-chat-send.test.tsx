// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '../../api/api-error.ts';
import { CHAT_TEXT } from '../../rules/chat-text.ts';
import type { ChatMessage, SendMessageBody, SendMessageResponse } from '../../schemas/chat.ts';
import { useChatSend, type ChatSendPorts } from './use-chat-send.ts';

afterEach(() => vi.useRealTimers());

const page = { title: 'Acme pricing', url: 'https://acme.example/pricing', selection: 'Starter: $49' };
const stored = (id: string, role: ChatMessage['role'], extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  text: id,
  timestamp: '2025-03-10T10:00:00.000Z',
  ...extra,
});
const HISTORY: ChatMessage[] = [];

function ports(sendStream: ChatSendPorts['sendStream']): ChatSendPorts {
  return { sendStream, onStored: vi.fn(), onUsageChanged: vi.fn(), onSessionExpired: vi.fn() };
}

describe('useChatSend', () => {
  it('sends the attached page with the text, shows it at once, then hands over the stored messages', async () => {
    let finish: (reply: SendMessageResponse) => void = () => undefined;
    const sendStream = vi.fn(
      (_body: SendMessageBody, onDelta: (text: string) => void) =>
        new Promise<SendMessageResponse>((resolve) => {
          onDelta('Half');
          finish = resolve;
        }),
    );
    const p = ports(sendStream);
    const { result } = renderHook(() => useChatSend(HISTORY, p));

    await act(async () => void result.current.send('  Cheaper?  ', page));
    expect(sendStream.mock.calls[0]![0]).toMatchObject({ role: 'user', text: 'Cheaper?', pageContext: page });
    expect(result.current.pending).toBe(true);
    expect(result.current.thread.map((m) => [m.role, m.text, m.pageContext, m.streaming])).toEqual([
      ['user', 'Cheaper?', page, undefined],
      ['intern', 'Half', undefined, true],
    ]);

    const reply = {
      aiResponse: { message: 'i', ready_to_work: true, tasks_generated: 0 },
      userMessage: stored('u', 'user', { pageContext: page }),
      internMessage: stored('i', 'intern'),
      taskNotification: null,
    };
    await act(async () => finish(reply));
    expect(result.current.pending).toBe(false);
    expect(result.current.thread.map((m) => m.id)).toEqual(['u', 'i']);
    expect(p.onStored).toHaveBeenCalledWith([reply.userMessage, reply.internMessage]);
    expect(p.onUsageChanged).toHaveBeenCalledOnce();
  });

  it('answers a refused session with the spec text, then lets the screen forget the session', async () => {
    vi.useFakeTimers();
    const p = ports(() => Promise.reject(new ApiError(401, 'unauthorized', 'Unauthorized')));
    const { result } = renderHook(() => useChatSend(HISTORY, p));
    await act(async () => void result.current.send('Hi'));
    await act(async () => void vi.runAllTimers());
    expect(result.current.thread.at(-1)?.text).toBe(CHAT_TEXT.sessionExpired);
    expect(p.onSessionExpired).toHaveBeenCalledOnce();
  });

  it('asks to log in when there is no way to send', async () => {
    const { result } = renderHook(() => useChatSend(HISTORY, ports(null)));
    await act(async () => void result.current.send('Hi'));
    expect(result.current.thread.map((m) => m.text)).toEqual([CHAT_TEXT.signInToChat]);
  });
});
