import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  BILLING,
  CHAT,
  CHAT_LENGTH_TEXT,
  MODE_TEXT,
  type ChatMessage,
  type SendMessageResponse,
  type UsageDetails,
} from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { controlledStream, createFakeServer, sseResponse, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

const COUNTER_FROM = CHAT.maxMessageChars * CHAT.lengthCounterFromShare;

afterEach(() => vi.useRealTimers());

const T0 = new Date('2025-03-10T10:00:00.000Z').getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const stored = (id: string, role: ChatMessage['role'], text: string, minutes: number): ChatMessage => ({
  id,
  role,
  text,
  timestamp: at(minutes),
});

const USAGE: UsageDetails = {
  success: true,
  plan: { name: 'Free Trial', current: 'free_trial' },
  usage: {
    messages: { used: 12, limit: 100, remaining: 88, percentage: 12, unlimited: false },
    tasks: { used: 0, limit: 10, remaining: 10, percentage: 0, unlimited: false },
    voiceMinutes: { used: 0, limit: 15, remaining: 15, percentage: 0, unlimited: false },
  },
  warnings: { messageLimit: null, taskLimit: null, voiceLimit: null },
  currentMonth: { resetDate: '2025-04-01T00:00:00.000Z' },
};

function reply(text: string, extra: Partial<SendMessageResponse> = {}): SendMessageResponse {
  return {
    aiResponse: { message: text, ready_to_work: true, tasks_generated: 0 },
    userMessage: stored('u-stored', 'user', 'How do I find customers?', 60),
    internMessage: stored('i-stored', 'intern', text, 60),
    taskNotification: null,
    ...extra,
  };
}

/** The chat's server: an empty history unless given, usage, a 404 for intern settings unless given. */
function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /api/conversation/:userId': () =>
      Response.json({ messages: [], hasCompletedOnboarding: true, isFirstWorkingChat: true, hasMore: false }),
    'GET /api/subscription/usage-details': () => Response.json(USAGE),
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    ...routes,
  });
}

interface OpenOptions {
  fakeTimers?: boolean;
  auth?: ReturnType<typeof createFakeAuth>;
  config?: object;
  loaded?: string;
}

async function openChat(fetch: typeof globalThis.fetch, opts: OpenOptions = {}) {
  if (opts.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp('/dashboard/chat', {
    auth: opts.auth ?? createFakeAuth(fakeSession()),
    fetch,
    config: opts.config,
    advanceTimers: opts.fakeTimers ? vi.advanceTimersByTime : undefined,
  });
  // Sending waits for the history; the empty state (or the given text) shows it has loaded.
  await screen.findByText(opts.loaded ?? 'Refine my business idea');
  return view;
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const postsTo = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');

describe('chat screen', () => {
  it('names the intern by the one default name, shows one status (the offline co-founder) and the usage meter', async () => {
    const fetch = server();
    await openChat(fetch);
    expect(await screen.findByRole('heading', { name: CHAT.defaultInternName })).toBeTruthy();
    expect(screen.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeTruthy();
    // Not "Online" beside it: the badge is the status while the offline co-founder answers (issue 25).
    expect(screen.queryByText(MODE_TEXT.online)).toBeNull();
    expect(await screen.findByText('12 / 100')).toBeTruthy();
  });

  it('says Online, and no offline badge, while a model answers', async () => {
    await openChat(server(), { config: { modes: { auth: 'local', database: 'local', email: 'local', ai: 'real' } } });
    expect(screen.getByText(MODE_TEXT.online)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeNull();
  });

  it('keeps a paste past the limit whole, counts it and refuses to send it until it is short enough', async () => {
    const fetch = server();
    const { user } = await openChat(fetch);
    const box = composer() as HTMLTextAreaElement;
    await user.click(box);
    await user.paste('x'.repeat(COUNTER_FROM - 1));
    expect(screen.queryByText(CHAT_LENGTH_TEXT.count(COUNTER_FROM - 1))).toBeNull();
    await user.paste('y'.repeat(CHAT.maxMessageChars));
    const length = COUNTER_FROM - 1 + CHAT.maxMessageChars;
    expect(box.value).toHaveLength(length);
    expect(screen.getByText(CHAT_LENGTH_TEXT.count(length))).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(CHAT_LENGTH_TEXT.tooLong(length - CHAT.maxMessageChars));
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(postsTo(fetch, '/api/conversation/00000000-0000-4000-8000-000000000001')).toHaveLength(0);

    await user.clear(box);
    await user.paste('z'.repeat(CHAT.maxMessageChars));
    expect(screen.getByText(CHAT_LENGTH_TEXT.count(CHAT.maxMessageChars))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens the full usage panel from the inline meter, with the upgrade link on the free trial', async () => {
    const fetch = server();
    await openChat(fetch);
    await screen.findByText('12 / 100');
    screen.getByRole('button', { name: 'View usage details' }).click();
    // A lazily loaded dialog: its first import may be slow on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: 'Usage limits' }, { timeout: 5_000 });
    expect(within(dialog).getByText('Usage this month')).toBeTruthy();
    expect(within(dialog).getByText('Free Trial plan')).toBeTruthy();
    expect(within(dialog).getByText('0 / 10')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // Escape closes it and focus returns to the button that opened it.
    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View usage details' }));
  });

  it('uses the saved intern name and hides the offline badge with a real model', async () => {
    const fetch = server({
      'GET /api/users/:userId/intern-settings': () =>
        Response.json({
          success: true,
          settings: {
            internName: 'Nova',
            communicationStyle: 'direct',
            formalityLevel: 'casual',
            responseLength: 'brief',
            priorityFocus: 'growth',
          },
        }),
    });
    await openChat(fetch, {
      config: { modes: { auth: 'local', database: 'local', email: 'local', ai: 'real' } },
    });
    expect(await screen.findByRole('heading', { name: 'Nova' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeNull();
  });

  it('offers three prompts when empty; picking one sends it', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        sseResponse([['done', reply('Start with your riskiest assumption.')]]),
    });
    const { user } = await openChat(fetch);
    await screen.findByText('Refine my business idea');
    expect(screen.getByText('Go-to-market strategy')).toBeTruthy();
    await user.click(screen.getByText('Market research'));
    expect(await screen.findByText('Start with your riskiest assumption.')).toBeTruthy();
    const [, init] = postsTo(fetch, '/api/conversation/00000000-0000-4000-8000-000000000001')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      role: 'user',
      text: 'Help me research my market and competitors.',
    });
  });

  it('shows the message at once, types, streams the reply, then settles on the stored messages', async () => {
    const stream = controlledStream();
    const fetch = server({ 'POST /api/conversation/:userId': () => stream.response });
    const { user } = await openChat(fetch);
    await user.type(composer(), 'How do I find customers?{Enter}');

    expect(screen.getByText('How do I find customers?')).toBeTruthy();
    expect(screen.getByText(MODE_TEXT.typing)).toBeTruthy();
    expect(within(screen.getByRole('log')).getByText(`${CHAT.defaultInternName} is typing`)).toBeTruthy();

    act(() => stream.send('delta', { text: 'Talk to ' }));
    expect(await screen.findByText('Talk to')).toBeTruthy();
    expect(screen.queryByText(`${CHAT.defaultInternName} is typing`)).toBeNull();
    act(() => stream.send('delta', { text: 'ten of them.' }));
    expect(await screen.findByText('Talk to ten of them.')).toBeTruthy();
    expect(screen.getByText(MODE_TEXT.typing)).toBeTruthy();

    const usageCalls = fetch.mock.calls.filter(([url]) => String(url).includes('usage-details')).length;
    act(() => {
      stream.send('done', reply('Talk to ten of them.'));
      stream.close();
    });
    await waitFor(() => expect(screen.queryByText(MODE_TEXT.typing)).toBeNull());
    expect(screen.getAllByText('Talk to ten of them.')).toHaveLength(1);
    expect(screen.getAllByText('How do I find customers?')).toHaveLength(1);
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).includes('usage-details')).length).toBe(
        usageCalls + 1,
      ),
    );
  });

  it('blocks a second send while the reply is pending', async () => {
    const stream = controlledStream();
    const fetch = server({ 'POST /api/conversation/:userId': () => stream.response });
    const { user } = await openChat(fetch);
    await user.type(composer(), 'First{Enter}');
    await user.type(composer(), 'Second{Enter}');
    expect(postsTo(fetch, '/api/conversation/00000000-0000-4000-8000-000000000001')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect((composer() as HTMLTextAreaElement).value).toBe('Second');
  });

  it('adds the task-created notice, from the count or from the server', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        sseResponse([
          [
            'done',
            reply('Here is a plan.', {
              aiResponse: { message: 'Here is a plan.', ready_to_work: true, tasks_generated: 3 },
            }),
          ],
        ]),
    });
    const { user } = await openChat(fetch);
    await user.type(composer(), 'Make me a plan{Enter}');
    expect(
      await screen.findByText("I've created 3 new task(s) for you. You can see them in Intern Activity."),
    ).toBeTruthy();
    expect(document.querySelector('[data-kind="task-notification"]')).toBeTruthy();
  });

  it('prefers the stored task notification the server sent', async () => {
    const notice = {
      ...stored('t-stored', 'intern', "I've created 2 new task(s) for you.", 60),
      isTaskNotification: true,
    };
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        sseResponse([['done', reply('Plan ready.', { taskNotification: notice })]]),
    });
    const { user } = await openChat(fetch);
    await user.type(composer(), 'Make me a plan{Enter}');
    expect(await screen.findByText("I've created 2 new task(s) for you.")).toBeTruthy();
  });

  it('shows the usage-limit text on 429', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        Response.json({ error: { code: 'rate_limited', message: 'over' } }, { status: 429 }),
    });
    const { user } = await openChat(fetch);
    await user.type(composer(), 'One more{Enter}');
    expect(
      await screen.findByText(
        "You've reached your usage limit for this month. Please upgrade your plan to continue.",
      ),
    ).toBeTruthy();
  });

  it('says the free trial ended on 402 and offers Upgrade to /pricing, not the reconnect reply', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        Response.json(
          { error: { code: 'payment_required', message: 'Your free trial has ended.' } },
          { status: 402 },
        ),
    });
    const { user } = await openChat(fetch);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    await user.type(composer(), 'Hello{Enter}');
    expect(await screen.findByText(BILLING.trialEndedText)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText(/connection issues/)).toBeNull();
  });

  it('answers other failures with the reconnect reply after 1 s', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        sseResponse([['error', { status: 502, error: 'No AI response received' }]]),
    });
    const { user } = await openChat(fetch, { fakeTimers: true });
    await user.type(composer(), 'Hello{Enter}');
    const text =
      "I'm having some connection issues right now. Let me try to reconnect... Can you resend that?";
    await waitFor(() =>
      expect(postsTo(fetch, '/api/conversation/00000000-0000-4000-8000-000000000001')).toHaveLength(1),
    );
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText(text)).toBeNull();
    expect(screen.getByText(MODE_TEXT.typing)).toBeTruthy();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(MODE_TEXT.typing)).toBeNull();
  });

  it('says the session expired on 401 and goes to /login after 2 s', async () => {
    const fetch = server({
      'POST /api/conversation/:userId': () =>
        Response.json({ error: { code: 'unauthorized', message: 'Unauthorized' } }, { status: 401 }),
    });
    const { user, router } = await openChat(fetch, { fakeTimers: true });
    await user.type(composer(), 'Hello{Enter}');
    expect(
      await screen.findByText('Your session has expired. Please log in again to continue chatting.'),
    ).toBeTruthy();
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/dashboard/chat');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks to log in when there is no usable token', async () => {
    const auth = createFakeAuth({ ...fakeSession(), access_token: 'undefined' });
    const fetch = server();
    const { user } = await openChat(fetch, { auth });
    await user.type(composer(), 'Hello{Enter}');
    expect(await screen.findByText('Please log in to start chatting with your AI Co-Founder.')).toBeTruthy();
    expect(postsTo(fetch, '/api/conversation/00000000-0000-4000-8000-000000000001')).toHaveLength(0);
  });

  it('shows the stored history and loads older pages', async () => {
    const fetch = server({
      'GET /api/conversation/:userId': ({ url }) =>
        url.searchParams.get('before') === 'm3'
          ? Response.json({
              messages: [stored('m1', 'user', 'Oldest question', 0)],
              hasCompletedOnboarding: true,
              isFirstWorkingChat: false,
              hasMore: false,
            })
          : Response.json({
              messages: [
                stored('m3', 'user', 'Newer question', 10),
                stored('m4', 'intern', 'Newer **answer**', 11),
              ],
              hasCompletedOnboarding: true,
              isFirstWorkingChat: false,
              hasMore: true,
            }),
    });
    const { user } = await openChat(fetch, { loaded: 'Newer question' });
    expect(screen.getByText('answer').tagName).toBe('STRONG');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Oldest question')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    const texts = [...screen.getByRole('log').querySelectorAll('[data-kind="user"] p')].map(
      (p) => p.textContent,
    );
    expect(texts).toEqual(['You: Oldest question', 'You: Newer question']);
  });

  it('sends /chat to /dashboard/chat', async () => {
    const { router } = renderApp('/chat', { auth: createFakeAuth(fakeSession()), fetch: server() });
    await screen.findByRole('heading', { name: 'Chat' });
    expect(router.state.location.pathname).toBe('/dashboard/chat');
  });
});
