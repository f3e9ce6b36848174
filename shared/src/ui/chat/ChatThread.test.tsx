// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChatThread } from './ChatThread.tsx';
import type { ThreadMessage } from './types.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const NOW = new Date(2025, 2, 10, 12, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();
const msg = (
  id: string,
  role: ThreadMessage['role'],
  text: string,
  timestamp: string,
  extra: Partial<ThreadMessage> = {},
) => ({ id, role, text, timestamp, ...extra }) satisfies ThreadMessage;

function renderThread(props: Partial<Parameters<typeof ChatThread>[0]> = {}) {
  return render(<ChatThread messages={[]} assistantName="Nova" now={NOW} {...props} />);
}

describe('ChatThread', () => {
  it('separates days and stamps messages after gaps over five minutes', () => {
    renderThread({
      messages: [
        msg('1', 'user', 'Old question', at(4, 9)),
        msg('2', 'intern', 'Old answer', at(4, 9, 1)),
        msg('3', 'user', 'Yesterday', at(9, 18)),
        msg('4', 'user', 'Morning', at(10, 8)),
        msg('5', 'intern', 'Reply', at(10, 8, 2)),
        msg('6', 'user', 'Later', at(10, 8, 20)),
      ],
    });
    const separators = document.querySelectorAll('[data-kind="date-separator"]');
    expect([...separators].map((s) => s.textContent)).toEqual(['Mar 4', 'Yesterday', 'Today']);
    expect(document.querySelectorAll('time')).toHaveLength(4);
    expect(screen.getAllByText(/^\d{1,2}:\d{2}\s[AP]M$/).map((t) => t.getAttribute('datetime'))).toEqual([
      at(4, 9),
      at(9, 18),
      at(10, 8),
      at(10, 8, 20),
    ]);
  });

  it('renders intern Markdown safely, with links opening in a new tab', async () => {
    renderThread({
      messages: [
        msg(
          '1',
          'intern',
          '**Plan**\n\n- [Docs](https://example.com)\n- [bad](javascript:alert(1))\n\n<img src=x onerror="alert(1)"><script>alert(1)</script>',
          at(10, 9),
        ),
      ],
    });
    // The renderer is a lazy chunk: the plain text shows until it arrives.
    // Its first import can take over findBy's default second on a loaded machine (one npm test run): allow 10 s.
    expect((await screen.findByText('Plan', {}, { timeout: 10_000 })).tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toContain('javascript');
    expect(document.querySelector('img, script')).toBeNull();
  });

  it('shows user text as typed, without Markdown', () => {
    renderThread({ messages: [msg('1', 'user', '**not bold** <b>x</b>', at(10, 9))] });
    expect(screen.getByText('**not bold** <b>x</b>')).toBeTruthy();
  });

  it('copies an intern message and says "Copied" for 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderThread({
      messages: [msg('1', 'intern', 'Copy me', at(10, 9)), msg('2', 'user', 'Mine', at(10, 9, 1))],
    });
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('Copy me');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('styles task notifications apart, without a copy button, and hides copy while streaming', () => {
    renderThread({
      messages: [
        msg('1', 'intern', "I've created 2 new task(s) for you.", at(10, 9), { isTaskNotification: true }),
        msg('2', 'intern', 'Half a rep', at(10, 9), { streaming: true }),
      ],
    });
    expect(document.querySelector('[data-kind="task-notification"]')?.textContent).toContain('2 new task(s)');
    expect(document.querySelector('[aria-busy="true"]')?.textContent).toContain('Half a rep');
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('shows the typing indicator, and the empty state only when there is nothing else', () => {
    const { rerender } = renderThread({ empty: <p>Try a prompt</p> });
    expect(screen.getByText('Try a prompt')).toBeTruthy();
    rerender(<ChatThread messages={[]} assistantName="Nova" now={NOW} typing empty={<p>Try a prompt</p>} />);
    expect(screen.queryByText('Try a prompt')).toBeNull();
    expect(within(screen.getByRole('status')).getByText('Nova is typing')).toBeTruthy();
  });

  it('asks for older messages at the top and keeps the reader on the same message when they arrive', () => {
    const heights = { value: 1000 };
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => heights.value);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 400);
    const onLoadOlder = vi.fn();
    const page = [msg('10', 'user', 'Newest page', at(10, 9))];
    const { rerender } = renderThread({ messages: page, hasOlder: true, onLoadOlder });
    const log = screen.getByRole('log');
    expect(log.scrollTop).toBe(1000);

    log.scrollTop = 20;
    fireEvent.scroll(log);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);

    heights.value = 1600;
    const older = [msg('1', 'user', 'Older', at(10, 8)), ...page];
    rerender(
      <ChatThread
        messages={older}
        assistantName="Nova"
        now={NOW}
        hasOlder={false}
        onLoadOlder={onLoadOlder}
      />,
    );
    expect(log.scrollTop).toBe(620);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('keeps a reader at the bottom when shown messages change height, and leaves one who scrolled up in place', () => {
    const resized: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const heights = { value: 1000 };
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => heights.value);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 400);
    renderThread({ messages: [msg('1', 'user', 'Plan my launch', at(10, 9)), msg('2', 'intern', '**Plan**', at(10, 9))] });
    const log = screen.getByRole('log');
    expect(log.scrollTop).toBe(1000);
    // The Markdown renderer arrives and the reply grows: the thread follows it down.
    heights.value = 1300;
    act(() => resized.at(-1)!([], {} as ResizeObserver));
    expect(log.scrollTop).toBe(1300);

    // A reader who scrolled up to read stays where they are.
    log.scrollTop = 200;
    fireEvent.scroll(log);
    heights.value = 1500;
    act(() => resized.at(-1)!([], {} as ResizeObserver));
    expect(log.scrollTop).toBe(200);
  });

  it('offers a button for older messages, for keyboards and for threads too short to scroll', () => {
    const onLoadOlder = vi.fn();
    renderThread({ messages: [msg('1', 'user', 'Hi', at(10, 9))], hasOlder: true, onLoadOlder });
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadOlder).toHaveBeenCalled();
  });

  it('marks messages that came by text or voicemail with a "via" label, and in-app messages with none', () => {
    const { container } = renderThread({
      messages: [
        msg('1', 'user', 'Any news?', at(10, 9), { via: 'sms' }),
        msg('2', 'intern', 'Two replies came in.', at(10, 9), { via: 'sms' }),
        msg('3', 'user', 'Call me back', at(10, 10), { via: 'phone' }),
        msg('4', 'user', 'Back in the app', at(10, 11)),
      ],
    });
    expect(screen.getAllByText('via SMS')).toHaveLength(2);
    expect(screen.getByText('via phone call')).toBeDefined();
    const bubbles = container.querySelectorAll('[data-kind="user"], [data-kind="intern"]');
    expect([...bubbles].map((b) => b.querySelector('[data-kind="via"]')?.textContent ?? null)).toEqual([
      'via SMS',
      'via SMS',
      'via phone call',
      null,
    ]);
  });

  it('labels the offline co-founder\'s replies "Offline draft" (dashboard chat and side panel), not a model\'s', () => {
    const { container } = renderThread({
      messages: [
        msg('1', 'user', 'Draft a cold email', at(10, 9)),
        msg('2', 'intern', 'Subject: A faster close', at(10, 9), { producedBy: 'offline' }),
        msg('3', 'intern', 'Subject: Your month-end', at(10, 9), { producedBy: 'gpt-4o-mini' }),
        msg('4', 'intern', 'Welcome back!', at(10, 9)),
      ],
    });
    const replies = [...container.querySelectorAll('[data-kind="intern"]')];
    expect(replies.map((r) => within(r as HTMLElement).queryByText('Offline draft') !== null)).toEqual([true, false, false]);
    expect(screen.getAllByTestId('offline-draft')).toHaveLength(1);
  });
});
