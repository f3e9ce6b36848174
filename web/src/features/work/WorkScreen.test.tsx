import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  WORK,
  type Activity,
  type ActivityResponse,
  type ListedTask,
  type TaskListResponse,
} from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { WORK_TEXT } from './labels.ts';

afterEach(() => vi.useRealTimers());

const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function task(id: string, extra: Partial<ListedTask> = {}): ListedTask {
  return {
    id,
    description: `Task ${id}`,
    priority: 5,
    status: 'completed',
    agent: 'research_agent',
    category: 'research',
    requiredPlatforms: [],
    pauseReason: null,
    createdAt: ago(2 * 3_600_000),
    outcome: null,
    ...extra,
  };
}

function list(tasks: ListedTask[], usage = { tokens: 1234, costUsd: 0.0123, unpricedTasks: 0 }): TaskListResponse {
  const count = (status: ListedTask['status']) => tasks.filter((t) => t.status === status).length;
  const drafts = tasks.filter((t) => t.status === 'completed' && t.outcome === 'needs_input').length;
  return {
    success: true,
    tasks,
    total: tasks.length,
    pending: count('pending'),
    in_progress: count('in_progress'),
    completed: count('completed'),
    paused: count('paused_login_required'),
    failed: count('failed'),
    achieved: count('completed') - drafts,
    needs_input: drafts,
    usage,
  };
}

function activity(id: string, extra: Partial<Activity> = {}): Activity {
  return {
    id,
    platform: 'reddit',
    platformIcon: 'reddit',
    timestamp: ago(5 * 3_600_000),
    title: `Post ${id}`,
    content: 'We interviewed 40 customers.',
    subreddit: 'startups',
    link: 'https://reddit.com/r/startups/1',
    reasoning: 'Founders read r/startups.',
    outcome: 'Beta sign-ups.',
    taskId: null,
    producedBy: null,
    ...extra,
  };
}

const feed = (activities: Activity[], hasMore = false): ActivityResponse => ({
  success: true,
  activities,
  stats: { total: activities.length, this_week: activities.length, platforms: { twitter: 2, reddit: 3 } },
  hasMore,
});

const TASKS = [
  task('a', { priority: 9, status: 'completed', category: 'research' }),
  task('b', { priority: 6, status: 'pending', category: 'marketing', agent: 'marketing_agent' }),
  task('c', { priority: 2, status: 'in_progress', category: 'sales', agent: 'sales_agent' }),
  task('d', {
    priority: 8,
    status: 'paused_login_required',
    category: 'marketing',
    agent: 'marketing_agent',
    requiredPlatforms: ['twitter', 'reddit'],
    pauseReason: 'Connect X and Reddit to publish.',
  }),
];

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/tasks/:userId': () => Response.json(list([TASKS[0]!])),
    'GET /api/activities/:userId': () => Response.json(feed([])),
    ...routes,
  });
}

function openWork(fetch: typeof globalThis.fetch, fakeTimers = false) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp('/dashboard/work', {
    fetch,
    auth: createFakeAuth(fakeSession()),
    ...(fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
}

const rows = () =>
  screen.queryAllByTestId('task-row').map((row) => within(row).getByRole('button').textContent);

/** The table opens on the active tasks; completed ones show under Status: All. */
async function showAllTasks(user: ReturnType<typeof openWork>['user']) {
  await user.selectOptions(await screen.findByLabelText('Status'), 'all');
}

describe('Work screen', () => {
  it('shows the overview: totals with percentages, platforms, the success ring and usage', async () => {
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list(TASKS.slice(0, 3))),
      'GET /api/activities/:userId': () => Response.json(feed([activity('1')])),
    });
    openWork(fetch);
    expect(await screen.findByRole('heading', { name: 'Co-Founder Activity' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Success rate 33%' })).toBeTruthy();
    const ring = screen.getByTestId('success-ring');
    expect(ring.getAttribute('stroke-dasharray')).toBe('314');
    expect(Number(ring.getAttribute('stroke-dashoffset'))).toBeCloseTo(314 * (1 - 0.33));
    expect(screen.getAllByText('(33%)')).toHaveLength(3);
    expect(screen.getAllByText('Coming Soon')).toHaveLength(3);
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('$0.0123')).toBeTruthy();
    expect(await screen.findByText('Post 1')).toBeTruthy();
    expect(screen.getByText('r/startups')).toBeTruthy();
    expect(screen.getByText('5h ago')).toBeTruthy();
    expect(screen.queryByText('Need Login')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fix Failed Tasks' })).toBeNull();
  });

  it('counts only published posts per platform, not drafts in the feed', async () => {
    const drafts = ['1', '2', '3'].map((id) =>
      activity(id, { platform: 'twitter', platformIcon: 'twitter', outcome: 'Ready to publish' }),
    );
    const published = activity('4', { platform: 'twitter', platformIcon: 'twitter', outcome: 'Published' });
    const fetch = server({
      'GET /api/activities/:userId': () =>
        Response.json({
          ...feed([...drafts, published]),
          stats: { total: 4, this_week: 4, platforms: { twitter: 1, reddit: 0 } },
        }),
    });
    openWork(fetch);
    const card = await screen.findByTestId('platform-activity');
    await waitFor(() => expect(within(card).getByText('4 activities, 4 this week')).toBeTruthy());
    const count = (name: string) => within(card).getByText(name).nextElementSibling?.textContent;
    expect(count('X')).toBe('1');
    expect(count('Reddit')).toBe('0');
    // The card says what it counts, so 0 beside drafted posts is not a contradiction (issue 25 item 12).
    expect(within(card).getByText(WORK_TEXT.platformCounts)).toBeTruthy();
  });

  it('says there are no active tasks when every task is completed, and lists them under All', async () => {
    const fetch = server({ 'GET /api/tasks/:userId': () => Response.json(list([task('a'), task('z')])) });
    const { user } = openWork(fetch);
    expect(await screen.findByText(WORK_TEXT.noActiveTasks)).toBeTruthy();
    expect(rows()).toEqual([]);
    await showAllTasks(user);
    expect(rows()).toEqual(['Task a', 'Task z']);
  });

  it('keeps a completed draft that needs the founder among the active tasks', async () => {
    const fetch = server({
      'GET /api/tasks/:userId': () =>
        Response.json(list([task('done', { outcome: 'achieved' }), task('draft', { outcome: 'needs_input' })])),
    });
    openWork(fetch);
    await waitFor(() => expect(rows()).toEqual(['Task draft']));
  });

  it('filters tasks by status, category and priority bucket', async () => {
    const fetch = server({ 'GET /api/tasks/:userId': () => Response.json(list(TASKS)) });
    const { user } = openWork(fetch);
    await screen.findAllByTestId('task-row');
    // "Active Tasks" opens on what is not completed yet (issue 25 item 12); All shows the completed ones too.
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect(rows()).toEqual(['Task b', 'Task c', 'Task d']);
    await showAllTasks(user);
    expect(rows()).toEqual(['Task a', 'Task b', 'Task c', 'Task d']);
    expect(screen.getByText('Need Login')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    expect(rows()).toEqual(['Task a', 'Task d']);
    await user.selectOptions(screen.getByLabelText('Priority'), 'medium');
    expect(rows()).toEqual(['Task b']);
    await user.selectOptions(screen.getByLabelText('Priority'), 'low');
    expect(rows()).toEqual(['Task c']);

    await user.selectOptions(screen.getByLabelText('Priority'), 'all');
    await user.selectOptions(screen.getByLabelText('Category'), 'marketing');
    expect(rows()).toEqual(['Task b', 'Task d']);
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(rows()).toEqual(['Task b']);
  });

  it('opens a paused task as Authentication Required; Connect Accounts goes to connections', async () => {
    const fetch = server({ 'GET /api/tasks/:userId': () => Response.json(list(TASKS)) });
    const { user, router } = openWork(fetch);
    await user.click(await screen.findByRole('button', { name: 'Task d' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authentication Required' });
    expect(within(dialog).getByText('X')).toBeTruthy();
    expect(within(dialog).getByText('Reddit')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Task d' }));
    await user.click(await screen.findByRole('button', { name: 'Connect Accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/connections'));
  });

  it('a task paused for a plan reads Upgrade Required and its dialog leads to the plans, not to connections', async () => {
    const reason = 'Investor Outreach needs the Builder plan — upgrade to run this task';
    const gated = task('gated', {
      description: 'Find 20 seed investors in fintech',
      status: 'paused_login_required',
      agent: 'investor_outreach_agent',
      category: 'investor_outreach',
      requiredPlatforms: [],
      pauseReason: reason,
    });
    const fetch = server({ 'GET /api/tasks/:userId': () => Response.json(list([gated])) });
    const { user, router } = openWork(fetch);
    const row = (await screen.findByRole('button', { name: 'Find 20 seed investors in fintech' })).closest(
      '[data-testid="task-row"]',
    )!;
    expect(within(row as HTMLElement).getByTestId('task-status').textContent).toBe('Upgrade Required');
    await user.click(screen.getByRole('button', { name: 'Find 20 seed investors in fintech' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(within(dialog).getByText(reason)).toBeTruthy();
    expect(within(dialog).queryByText('Connect these platforms:')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'See Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('opens a task result with its Markdown rendered safely, tokens and cost', async () => {
    const fetch = server({
      'GET /api/tasks/:taskId/result': ({ params }) =>
        Response.json({
          success: true,
          task: TASKS[0],
          result: {
            taskId: params.taskId,
            summary: 'Market brief ready',
            content: '## Market\n\n- Big <script>alert(1)</script>\n- Growing',
            data: null,
            tokens: 900,
            costUsd: 0.0042,
            completedAt: ago(0),
            producedBy: 'gpt-4o-mini',
            outcome: 'achieved',
          },
        }),
    });
    const { user } = openWork(fetch);
    await showAllTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task a' });
    expect(await within(dialog).findByText('Market brief ready')).toBeTruthy();
    // The Markdown renderer is a lazy chunk: the heading appears when it has loaded.
    expect(await within(dialog).findByRole('heading', { name: 'Market' })).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('900')).toBeTruthy();
    expect(within(dialog).getByText('$0.0042')).toBeTruthy();
  });

  it('says "unknown price" for work by a founder\'s own model that has no price, and in the total', async () => {
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list(TASKS, { tokens: 900, costUsd: 0, unpricedTasks: 1 })),
      'GET /api/tasks/:taskId/result': ({ params }) =>
        Response.json({
          success: true,
          task: TASKS[0],
          result: {
            taskId: params.taskId,
            summary: 'Market brief ready',
            content: 'Brief',
            data: null,
            tokens: 900,
            costUsd: 0,
            priceKnown: false,
            completedAt: ago(0),
            producedBy: 'llama3.2:latest',
            outcome: 'achieved',
          },
        }),
    });
    const { user } = openWork(fetch);
    expect(await screen.findByText('unknown price (1 task)')).toBeTruthy();
    await showAllTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task a' });
    expect(await within(dialog).findByText('unknown price')).toBeTruthy();
    expect(within(dialog).queryByText('$0.0000')).toBeNull();
  });

  it("runs a pending research task on a running machine, and shows the machine's final screen (issue 12)", async () => {
    const pending = task('r', { status: 'pending' });
    const patches: unknown[] = [];
    const machine = {
      id: '8f8e1f4a-5a7c-4f39-9d57-2d1f1f7d1a01',
      name: 'Machine 1',
      status: 'RUNNING',
      externalIp: null,
      machineType: 'chromium-1280x800',
      provider: 'local',
      stopReason: null,
      createdAt: ago(0),
      task: null,
    };
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list([pending])),
      'GET /api/tasks/:taskId/result': () => Response.json({ success: true, task: pending, result: null }),
      'GET /api/vms/list': () =>
        Response.json({
          success: true,
          vms: [machine, { ...machine, id: 'x', name: 'Stopped one', status: 'STOPPED' }],
        }),
      'PATCH /api/tasks/:taskId': ({ body }) => {
        patches.push(body);
        return Response.json({ success: true, task: { ...pending, vmId: machine.id } });
      },
    });
    const { user } = openWork(fetch);
    await user.click(await screen.findByRole('button', { name: 'Task r' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task r' });
    const select = await within(dialog).findByLabelText('Run on a machine first');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No machine', 'Machine 1']),
    );
    await user.selectOptions(select, 'Machine 1');
    await waitFor(() => expect(patches).toEqual([{ vmId: machine.id }]));
  });

  it("shows how a task's machine run ended with its final screenshot", async () => {
    const fetch = server({
      'GET /api/tasks/:taskId/result': ({ params }) =>
        Response.json({
          success: true,
          task: TASKS[0],
          result: {
            taskId: params.taskId,
            summary: 'Brief ready',
            content: 'Done',
            data: {
              screenshot: 'data:image/jpeg;base64,/9j/',
              machineRun: { status: 'completed', message: 'Done: opened the page.' },
            },
            tokens: 0,
            costUsd: 0,
            completedAt: ago(0),
            producedBy: 'offline',
            outcome: 'needs_input',
          },
        }),
    });
    const { user } = openWork(fetch);
    await showAllTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task a' });
    expect(await within(dialog).findByText('Done: opened the page.')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('img', { name: "The machine's screen when the task finished" })
        .getAttribute('src'),
    ).toBe('data:image/jpeg;base64,/9j/');
    expect(within(dialog).queryByLabelText('Run on a machine first')).toBeNull();
  });

  it('Fix Failed Tasks shows the server message, or the failure text', async () => {
    let fail = false;
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list([task('f', { status: 'failed' })])),
      'POST /api/tasks/:userId/retry-failed': () =>
        fail
          ? Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })
          : Response.json({
              success: true,
              pausedTasks: 0,
              retriedTasks: 1,
              message: 'Retried 1 failed tasks. They will be processed automatically.',
            }),
    });
    const { user } = openWork(fetch);
    await user.click(await screen.findByRole('button', { name: 'Fix Failed Tasks' }));
    expect(
      await screen.findByText('Retried 1 failed tasks. They will be processed automatically.'),
    ).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Fix Failed Tasks' }));
    expect(await screen.findByText('Failed to retry tasks. Please try again.')).toBeTruthy();
  });

  it('shows the load errors', async () => {
    const down = () => Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 });
    openWork(server({ 'GET /api/tasks/:userId': down, 'GET /api/activities/:userId': down }));
    expect(await screen.findByText('Failed to load tasks')).toBeTruthy();
    expect(await screen.findByText('Failed to load activities')).toBeTruthy();
  });

  it('shows Getting Started without activities, and the compact view cuts previews at 80 characters', async () => {
    const long = 'x'.repeat(120);
    let activities: Activity[] = [];
    const fetch = server({ 'GET /api/activities/:userId': () => Response.json(feed(activities)) });
    const { unmount } = openWork(fetch);
    expect(await screen.findByText('Getting Started')).toBeTruthy();
    unmount();

    activities = [activity('1', { title: '', content: long })];
    const second = openWork(fetch);
    await screen.findByRole('button', { name: 'Show details' });
    await second.user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('Strategy')).toBeTruthy();
    expect(screen.getByText('Expected Outcome')).toBeTruthy();
    await second.user.click(screen.getByRole('button', { name: 'Compact view' }));
    expect(screen.getByText(`${'x'.repeat(80)}...`)).toBeTruthy();
    expect(screen.queryByText('Strategy')).toBeNull();
  });

  it('polls while tasks are pending or running and stops when they are done', async () => {
    let current = list([task('p', { status: 'pending' })]);
    const fetch = server({ 'GET /api/tasks/:userId': () => Response.json(current) });
    openWork(fetch, true);
    expect(await screen.findByRole('button', { name: 'Task p' })).toBeTruthy();
    const taskCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/tasks/')).length;
    const before = taskCalls();
    current = list([task('p', { status: 'completed' })]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WORK.livePollMs + 10);
    });
    await waitFor(() => expect(taskCalls()).toBe(before + 1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WORK.livePollMs * 3);
    });
    expect(taskCalls()).toBe(before + 1);
  });

  it('opens the full history with Load more', async () => {
    const fetch = server({
      'GET /api/activities/:userId': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        if (url.searchParams.get('limit') === String(WORK.recentActivities))
          return Response.json(feed([activity('r')]));
        return Response.json(feed([activity(`h${page}`)], page < 2));
      },
    });
    const { user } = openWork(fetch);
    await user.click(await screen.findByRole('button', { name: 'View All Activities' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Activities' });
    expect(await within(dialog).findByText('Post h1')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('Post h2')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('counts only achieved tasks in the Success Rate and says which completed tasks are drafts needing input', async () => {
    const drafts = [
      task('o1', { outcome: 'needs_input' }),
      task('o2', { outcome: 'needs_input' }),
      task('o3', { outcome: 'needs_input' }),
    ];
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list([task('m', { outcome: 'achieved' }), ...drafts])),
    });
    const { user } = openWork(fetch);
    await showAllTasks(user);
    // 4 completed, 1 of them achieved: 25 %, not the 100 % a count of completed tasks would show.
    expect(await screen.findByRole('img', { name: 'Success rate 25%' })).toBeTruthy();
    expect(screen.getByTestId('needs-input-count').textContent).toBe('3 drafts need your input');
    const statuses = screen.getAllByTestId('task-status').map((s) => s.textContent);
    expect(statuses).toEqual([
      'Completed',
      'Draft — needs your input',
      'Draft — needs your input',
      'Draft — needs your input',
    ]);
  });

  it('labels an offline task result "Offline draft" with the draft status; a model\'s result names the model', async () => {
    const offline = task('o', { outcome: 'needs_input' });
    const result = (producedBy: string, outcome: 'achieved' | 'needs_input') => ({
      summary: 'Pricing worksheet',
      content: '| Tool | Plan | Price |',
      data: null,
      tokens: 0,
      costUsd: 0,
      completedAt: ago(0),
      producedBy,
      outcome,
    });
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list([offline, TASKS[0]!])),
      'GET /api/tasks/:taskId/result': ({ params }) =>
        Response.json({
          success: true,
          task: params.taskId === 'o' ? offline : TASKS[0],
          result: {
            taskId: params.taskId,
            ...(params.taskId === 'o' ? result('offline', 'needs_input') : result('gpt-4o-mini', 'achieved')),
          },
        }),
    });
    const { user } = openWork(fetch);
    await showAllTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Task o' }));
    let dialog = await screen.findByRole('dialog', { name: 'Task o' });
    expect(await within(dialog).findByTestId('offline-draft')).toBeTruthy();
    expect(within(dialog).getByText('Offline draft')).toBeTruthy();
    expect(within(dialog).getByText('Status: Draft — needs your input')).toBeTruthy();
    expect(within(dialog).queryByText('Produced by')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Task a' }));
    dialog = await screen.findByRole('dialog', { name: 'Task a' });
    expect(await within(dialog).findByText('gpt-4o-mini')).toBeTruthy();
    expect(within(dialog).getByText('Status: Completed')).toBeTruthy();
    expect(within(dialog).queryByText('Offline draft')).toBeNull();
  });

  it('labels the offline co-founder\'s activities "Offline draft" in the feed, not a model\'s or a publish record', async () => {
    const fetch = server({
      'GET /api/activities/:userId': () =>
        Response.json(
          feed([
            activity('1', { producedBy: 'offline' }),
            activity('2', { producedBy: 'gpt-4o-mini' }),
            activity('3', { producedBy: null }),
          ]),
        ),
    });
    openWork(fetch);
    await screen.findByText('Post 3');
    const items = screen.getAllByTestId('activity');
    const labelled = items.map((item) => within(item).queryByText('Offline draft') !== null);
    expect(labelled).toEqual([true, false, false]);
  });

  it('offers the kill switch in the header and shows when agents are stopped', async () => {
    const fetch = server({ 'GET /api/agents/status': () => Response.json({ success: true, paused: true }) });
    openWork(fetch);
    await screen.findByRole('heading', { name: 'Co-Founder Activity' });
    expect(await screen.findByText('Agents stopped')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume agents' })).toBeTruthy();
  });

  it('says tasks update live while agents run, and that they wait while agents are stopped (never both)', async () => {
    let paused = false;
    const fetch = server({
      'GET /api/tasks/:userId': () => Response.json(list(TASKS)),
      'GET /api/agents/status': () => Response.json({ success: true, paused }),
    });
    const running = openWork(fetch);
    expect(await screen.findByText(WORK_TEXT.live)).toBeTruthy();
    expect(screen.queryByText('Agents stopped')).toBeNull();
    running.unmount();

    paused = true;
    openWork(fetch);
    expect(await screen.findByText('Agents stopped')).toBeTruthy();
    // b pending and c in progress wait; "updates live" would be untrue.
    expect(await screen.findByText(WORK_TEXT.stopped(2))).toBeTruthy();
    expect(screen.queryByText(WORK_TEXT.live)).toBeNull();
  });
});
