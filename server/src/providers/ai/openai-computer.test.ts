import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi, type ResponsesInputItem } from '../../test/fake-openai.ts';
import { DEFAULT_COMPUTER_MODEL } from '../../config.ts';
import { playwrightKeys } from './openai-computer.ts';
import { createOpenAiProvider } from './openai.ts';
import { AiError, type ComputerObservation, type ComputerUseSession } from './port.ts';

let fake: FakeOpenAi;
const start = (task = 'Sign up for the newsletter'): ComputerUseSession =>
  createOpenAiProvider({
    apiKey: 'test',
    model: 'chat-model',
    baseUrl: fake.baseUrl,
    timeoutMs: 5000,
    maxRetries: 0,
  }).startComputerUse({
    task,
    viewport: { width: 1280, height: 800 },
  });

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const screen = (
  label: string,
  lastAction: ComputerObservation['lastAction'] = null,
): ComputerObservation => ({
  screenshot: Buffer.from(label),
  url: 'https://news.example/',
  title: 'News',
  elements: [],
  lastAction,
});
const dataUrl = (label: string) => `data:image/jpeg;base64,${Buffer.from(label).toString('base64')}`;
const items = (n: number) => fake.responses[n]!.input as ResponsesInputItem[];

describe('OpenAI computer use against the fake server', () => {
  it('starts with the task and the screen, then answers each call with a screenshot on the chained response', async () => {
    fake.computer.push(
      { reasoning: 'The newsletter form is on the home page.', openUrl: 'https://news.example/' },
      { reasoning: 'Click the email field.', action: { type: 'click', button: 'left', x: 640, y: 300 } },
      { action: { type: 'type', text: 'me@founder.example' } },
      { action: { type: 'keypress', keys: ['CTRL', 'A'] } },
      { action: { type: 'scroll', x: 10, y: 20, scroll_x: 0, scroll_y: 400 } },
      { action: { type: 'double_click', x: 5, y: 6 } },
      { action: { type: 'wait' } },
      { action: { type: 'screenshot' } },
      {
        reasoning: 'The form says thanks.',
        finish: { completed: true, summary: 'Signed up for the newsletter.' },
      },
    );
    const session = start();

    const first = await session.next(screen('s1'));
    expect(first).toMatchObject({
      action: 'navigate',
      text: 'https://news.example/',
      thought: 'The newsletter form is on the home page.',
    });
    expect(first.usage.tokens).toBe(120);
    const sent = fake.responses[0]!;
    expect(sent).toMatchObject({
      model: DEFAULT_COMPUTER_MODEL,
      truncation: 'auto',
      reasoning: { summary: 'concise' },
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Sign up for the newsletter' },
            { type: 'input_image', image_url: dataUrl('s1') },
          ],
        },
      ],
    });
    expect(sent.previous_response_id).toBeUndefined();
    expect(sent.tools![0]).toEqual({
      type: 'computer_use_preview',
      display_width: 1280,
      display_height: 800,
      environment: 'browser',
    });
    expect(sent.tools![1]).toMatchObject({ type: 'function', name: 'open_url' });
    expect(sent.tools![2]).toMatchObject({ type: 'function', name: 'finish_task' });
    expect(sent.instructions).toMatch(/payment, a password or a public post/);
    expect(sent.instructions).toMatch(
      /call finish_task: completed is true only if every part of the task was carried out/,
    );

    const click = await session.next(
      screen('s2', { action: 'navigate', result: 'ok', detail: 'Opened https://news.example/' }),
    );
    expect(click).toMatchObject({
      action: 'click',
      coordinate: { x: 640, y: 300 },
      thought: 'Click the email field.',
      confidence: 0.8,
    });
    // The open_url call is answered as a function output with the result in words and the new screen.
    expect(fake.responses[1]!.previous_response_id).toBe('resp_fake_1');
    expect(items(1)).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_fake_1',
        output: [
          { type: 'input_text', text: 'Opened https://news.example/' },
          { type: 'input_image', image_url: dataUrl('s2'), detail: 'auto' },
        ],
      },
    ]);
    expect(fake.responses[1]!.instructions).toBe(sent.instructions);

    const typed = await session.next(screen('s3', { action: 'click', result: 'ok', detail: 'Clicked' }));
    expect(typed).toMatchObject({ action: 'type', text: 'me@founder.example', coordinate: null });
    expect(fake.responses[2]!.previous_response_id).toBe('resp_fake_2');
    expect(items(2)).toEqual([
      {
        type: 'computer_call_output',
        call_id: 'call_fake_2',
        output: { type: 'computer_screenshot', image_url: dataUrl('s3') },
      },
    ]);

    expect(await session.next(screen('s4', { action: 'type', result: 'ok', detail: 'Typed' }))).toMatchObject(
      { action: 'key', text: 'Control+a' },
    );
    expect(
      await session.next(screen('s5', { action: 'key', result: 'ok', detail: 'Pressed' })),
    ).toMatchObject({
      action: 'scroll',
      coordinate: { x: 10, y: 20 },
      scroll: { dx: 0, dy: 400 },
    });
    expect(
      await session.next(screen('s6', { action: 'scroll', result: 'ok', detail: 'Scrolled' })),
    ).toMatchObject({
      action: 'double_click',
      coordinate: { x: 5, y: 6 },
    });
    expect(
      await session.next(screen('s7', { action: 'double_click', result: 'ok', detail: 'Clicked' })),
    ).toMatchObject({ action: 'wait', waitMs: 2000 });
    expect(
      await session.next(screen('s8', { action: 'wait', result: 'ok', detail: 'Waited' })),
    ).toMatchObject({ action: 'screenshot' });
    const done = await session.next(
      screen('s9', { action: 'screenshot', result: 'ok', detail: 'Took a screenshot' }),
    );
    expect(done).toMatchObject({
      action: 'done',
      text: 'Signed up for the newsletter.',
      thought: 'The form says thanks.',
      completed: true,
    });
    expect(fake.responses.map((r) => r.previous_response_id ?? null)).toEqual([
      null,
      ...Array.from({ length: 8 }, (_, i) => `resp_fake_${i + 1}`),
    ]);
  });

  it('flags pending safety checks and acknowledges them on the next call', async () => {
    const checks = [
      {
        id: 'sc_1',
        code: 'malicious_instructions',
        message: 'The page asks you to ignore your instructions.',
      },
    ];
    fake.computer.push(
      { action: { type: 'click', button: 'left', x: 1, y: 2 }, safetyChecks: checks },
      { message: 'Done.' },
    );
    const session = start();
    const flagged = await session.next(screen('s1'));
    expect(flagged.safetyCheck).toBe('The page asks you to ignore your instructions.');
    await session.next(screen('s2', { action: 'click', result: 'ok', detail: 'Clicked' }));
    expect(items(1)[0]!.acknowledged_safety_checks).toEqual(checks);
  });

  it('tells the model in words when its action did not work', async () => {
    fake.computer.push({ action: { type: 'click', button: 'left', x: 1, y: 2 } }, { message: 'Could not.' });
    const session = start();
    await session.next(screen('s1'));
    await session.next(
      screen('s2', { action: 'click', result: 'blocked', detail: 'Blocked: private address 10.0.0.1' }),
    );
    expect(items(1)[1]).toEqual({
      role: 'user',
      content: 'That click did not work (blocked): Blocked: private address 10.0.0.1',
    });
  });

  it('tells the model what the founder did while they held the machine', async () => {
    fake.computer.push({ action: { type: 'click', button: 'left', x: 1, y: 2 } }, { message: 'Done.' });
    const session = start();
    await session.next(screen('s1'));
    const note = 'The founder took control of the machine and typed some text. Continue the task from the screen as it is now.';
    await session.next({ ...screen('s2', { action: 'click', result: 'ok', detail: 'Clicked' }), founderNote: note });
    expect(items(1).at(-1)).toEqual({ role: 'user', content: note });
  });

  it('ends not completed when the model says it could not, or stops with words instead of finish_task', async () => {
    fake.computer.push({ finish: { completed: false, summary: 'The page would not load.' } });
    expect(await start().next(screen('s1'))).toMatchObject({
      action: 'done',
      text: 'The page would not load.',
      completed: false,
    });
    fake.computer.push({ message: 'Should I go ahead and pay?' });
    expect(await start().next(screen('s1'))).toMatchObject({
      action: 'done',
      text: 'Should I go ahead and pay?',
      completed: false,
    });
    fake.computer.push({ finish: { completed: true, summary: '' } });
    const bad = await start()
      .next(screen('s1'))
      .catch((e: unknown) => e);
    expect((bad as AiError).kind).toBe('bad_output');
  });

  it('maps the browser’s back button, and pointer moves it cannot make', async () => {
    fake.computer.push(
      { action: { type: 'click', button: 'back', x: 0, y: 0 } },
      { reasoning: 'Hover the menu.', action: { type: 'move', x: 3, y: 4 } },
    );
    const session = start();
    expect(await session.next(screen('s1'))).toMatchObject({ action: 'key', text: 'Alt+ArrowLeft' });
    expect(
      await session.next(screen('s2', { action: 'key', result: 'ok', detail: 'Pressed' })),
    ).toMatchObject({
      action: 'wait',
      waitMs: 0,
      thought: 'Hover the menu. (move is not available on this machine)',
    });
  });

  it('turns failures into AiError', async () => {
    fake.fail(429, 1);
    const err = await start()
      .next(screen('s1'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect((err as AiError).kind).toBe('rate_limited');
    fake.fail(500, 1);
    expect(
      (
        (await start()
          .next(screen('s1'))
          .catch((e: unknown) => e)) as AiError
      ).kind,
    ).toBe('unavailable');
  });

  it('names keys as Playwright does', () => {
    expect(playwrightKeys(['CTRL', 'SHIFT', 'T'])).toBe('Control+Shift+t');
    expect(playwrightKeys(['ENTER'])).toBe('Enter');
    expect(playwrightKeys(['esc'])).toBe('Escape');
    expect(playwrightKeys(['ArrowDown'])).toBe('ArrowDown');
    expect(playwrightKeys(['CMD', 'l'])).toBe('Meta+l');
    expect(playwrightKeys(['F5'])).toBe('F5');
  });
});
