import { describe, expect, it } from 'vitest';
import type { PageElement } from '../../vm/port.ts';
import type { ComputerObservation } from '../port.ts';
import {
  createComputerPlanner,
  findElement,
  OFFLINE_COMPUTER_HELP,
  parseInstruction,
  parseTask,
  splitClauses,
} from './computer-planner.ts';

const viewport = { width: 1280, height: 800 };
const planner = (task: string, searchUrl: string | null = 'https://search.example/?q=') =>
  createComputerPlanner(task, { viewport, searchUrl });

const el = (name: string, over: Partial<PageElement> = {}): PageElement => ({
  role: 'textbox',
  name,
  tag: 'input',
  type: 'text',
  autocomplete: null,
  x: 100,
  y: 100,
  width: 200,
  height: 30,
  inSensitiveForm: false,
  ...over,
});
const button = (name: string, over: Partial<PageElement> = {}) =>
  el(name, { role: 'button', tag: 'button', type: null, ...over });
const link = (name: string, over: Partial<PageElement> = {}) =>
  el(name, { role: 'link', tag: 'a', type: null, ...over });

const screen = (
  elements: PageElement[] = [],
  lastAction: ComputerObservation['lastAction'] = null,
): ComputerObservation => ({
  screenshot: Buffer.alloc(0),
  url: 'about:blank',
  title: '',
  elements,
  lastAction,
});
const ok = (action: 'navigate' | 'click' | 'type' | 'scroll' | 'key') => ({
  action,
  result: 'ok' as const,
  detail: 'ok',
});

describe('splitting a task into clauses', () => {
  it('splits at "and", "then", commas and semicolons before a verb, never inside quotes', () => {
    expect(splitClauses('open example.com and then click Next, then press enter; take a screenshot')).toEqual(
      ['open example.com', 'click Next', 'press enter', 'take a screenshot'],
    );
    expect(splitClauses('type "salt and then type pepper" into the notes field and press Enter')).toEqual([
      'type "salt and then type pepper" into the notes field',
      'press Enter',
    ]);
    // No verb after "and": one clause.
    expect(splitClauses('search the web for cats and dogs')).toEqual(['search the web for cats and dogs']);
    expect(splitClauses("type 'don't and click' into notes then scroll down")).toEqual([
      "type 'don't and click' into notes",
      'scroll down',
    ]);
  });
});

describe('parsing instructions', () => {
  it('opens addresses, adding a scheme where none is given', () => {
    expect(parseInstruction('open http://localhost:3114/fixtures/form.html')).toEqual({
      kind: 'navigate',
      url: 'http://localhost:3114/fixtures/form.html',
    });
    expect(parseInstruction('go to example.com/pricing')).toEqual({
      kind: 'navigate',
      url: 'https://example.com/pricing',
    });
    expect(parseInstruction('Visit the site news.example.')).toEqual({
      kind: 'navigate',
      url: 'https://news.example',
    });
    expect(parseInstruction('navigate to localhost:8080')).toEqual({
      kind: 'navigate',
      url: 'http://localhost:8080',
    });
    expect(parseInstruction('open the pod bay doors')).toBeNull();
  });

  it('searches, clicks, types, presses, scrolls, waits and takes screenshots', () => {
    expect(parseInstruction('search the web for "best CRM" ')).toEqual({ kind: 'search', query: 'best CRM' });
    expect(parseInstruction('search for pricing pages')).toEqual({ kind: 'search', query: 'pricing pages' });
    expect(parseInstruction('click the button labelled “Sign up”')).toEqual({
      kind: 'click',
      label: 'Sign up',
      prefer: 'button',
    });
    expect(parseInstruction('click on the Pricing link')).toEqual({
      kind: 'click',
      label: 'Pricing',
      prefer: 'link',
    });
    expect(parseInstruction('click Next')).toEqual({ kind: 'click', label: 'Next', prefer: null });
    expect(parseInstruction('type hello into the name field')).toEqual({
      kind: 'type',
      text: 'hello',
      field: 'name',
    });
    expect(parseInstruction('type "a in b" in the Notes box')).toEqual({
      kind: 'type',
      text: 'a in b',
      field: 'Notes',
    });
    expect(parseInstruction('enter me@x.example into the email address input')).toEqual({
      kind: 'type',
      text: 'me@x.example',
      field: 'email address',
    });
    expect(parseInstruction('fill in the name field with Ada')).toEqual({
      kind: 'type',
      text: 'Ada',
      field: 'name',
    });
    expect(parseInstruction('press Enter')).toEqual({ kind: 'key', keys: 'Enter' });
    expect(parseInstruction('press ctrl+a')).toEqual({ kind: 'key', keys: 'Control+a' });
    expect(parseInstruction('hit the page down key')).toEqual({ kind: 'key', keys: 'PageDown' });
    expect(parseInstruction('scroll down')).toEqual({ kind: 'scroll', direction: 'down' });
    expect(parseInstruction('scroll up')).toEqual({ kind: 'scroll', direction: 'up' });
    expect(parseInstruction('wait 3 seconds')).toEqual({ kind: 'wait', ms: 3000 });
    expect(parseInstruction('wait')).toEqual({ kind: 'wait', ms: 1000 });
    expect(parseInstruction('take a screenshot')).toEqual({ kind: 'screenshot' });
    expect(parseInstruction('press the big red button please')).toBeNull();
  });

  it('refuses a task with any clause it cannot follow', () => {
    expect(parseTask('open example.com and find me three investors')).toBeNull();
    expect(parseTask('find me three investors')).toBeNull();
    expect(parseTask('open example.com then take a screenshot')).toHaveLength(2);
  });
});

describe('finding elements', () => {
  it('prefers the same name, then a whole word, then any part; the preferred kind among equals', () => {
    const all = [el('Username'), el('Your name'), el('Name:'), button('Name')];
    expect(
      findElement(
        all,
        'name',
        () => true,
        (e) => e.tag === 'input',
      ),
    ).toEqual({ element: all[2], exact: true });
    expect(
      findElement(
        all.slice(0, 2),
        'name',
        () => true,
        () => false,
      ),
    ).toEqual({ element: all[1], exact: false });
    expect(
      findElement(
        [el('Username')],
        'name',
        () => true,
        () => false,
      ),
    ).toEqual({ element: el('Username'), exact: false });
    expect(
      findElement(
        all,
        'email',
        () => true,
        () => false,
      ),
    ).toBeNull();
    expect(
      findElement(
        [link('Next'), button('Next')],
        'next',
        () => true,
        (e) => e.role === 'button',
      )?.element.role,
    ).toBe('button');
  });
});

describe('the offline planner', () => {
  it('carries out the end-to-end task step by step', async () => {
    const session = planner(
      'open http://localhost:3114/fixtures/form.html and type hello into the name field',
    );
    const form = [
      el('Email', { y: 200 }),
      el('Name', { x: 100, y: 100, width: 200, height: 30 }),
      button('Send', { y: 300 }),
    ];

    const s1 = await session.next(screen());
    expect(s1).toMatchObject({
      action: 'navigate',
      text: 'http://localhost:3114/fixtures/form.html',
      confidence: 0.95,
      usage: { tokens: 0, costUsd: 0 },
    });
    expect(s1.thought).toBe('Opening http://localhost:3114/fixtures/form.html.');

    const s2 = await session.next(screen(form, ok('navigate')));
    expect(s2).toMatchObject({ action: 'click', coordinate: { x: 200, y: 115 }, confidence: 0.95 });
    expect(s2.thought).toBe('Clicking the “Name” field to type into it.');

    const s3 = await session.next(screen(form, ok('click')));
    expect(s3).toMatchObject({ action: 'type', text: 'hello', coordinate: null });
    expect(s3.thought).toBe('Typing into Name.');

    const s4 = await session.next(screen(form, ok('type')));
    expect(s4).toMatchObject({
      action: 'done',
      text: 'Done: opened http://localhost:3114/fixtures/form.html, filled in Name.',
      completed: true,
    });
  });

  it('never names what it types (it may be a password): only the machine gets the text', async () => {
    const session = planner('type hunter2 into the password field and press Enter');
    const form = [
      el('Password', { type: 'password', autocomplete: 'current-password', inSensitiveForm: true }),
    ];
    const steps = [await session.next(screen(form))];
    steps.push(await session.next(screen(form, ok('click'))));
    steps.push(await session.next(screen(form, ok('type'))));
    steps.push(await session.next(screen(form, ok('key'))));
    expect(steps.map((s) => s.action)).toEqual(['click', 'type', 'key', 'done']);
    expect(steps[1]!.text).toBe('hunter2');
    expect(steps[3]).toMatchObject({ text: 'Done: filled in Password, pressed Enter.', completed: true });
    const words = steps.map(({ thought, action, text }) => ({
      thought,
      text: action === 'type' ? null : text,
    }));
    expect(JSON.stringify(words)).not.toContain('hunter2');
  });

  it('scrolls once to look for what it cannot see, then says it could not find it', async () => {
    const session = planner('click the button labelled Subscribe');
    const s1 = await session.next(screen([button('Next')]));
    expect(s1).toMatchObject({ action: 'scroll', scroll: { dx: 0, dy: 600 } });
    const s2 = await session.next(
      screen([button('Subscribe now', { x: 0, y: 0, width: 100, height: 40 })], ok('scroll')),
    );
    expect(s2).toMatchObject({ action: 'click', coordinate: { x: 50, y: 20 }, confidence: 0.7 });

    const missing = planner('click Pricing');
    await missing.next(screen());
    expect(await missing.next(screen([], ok('scroll')))).toMatchObject({
      action: 'done',
      text: 'Could not find “Pricing” on the page.',
      completed: false,
    });
  });

  it('searches the web through the configured search address', async () => {
    const session = planner('search the web for "seed investors" then take a screenshot');
    expect(await session.next(screen())).toMatchObject({
      action: 'navigate',
      text: 'https://search.example/?q=seed%20investors',
    });
    expect(await session.next(screen([], ok('navigate')))).toMatchObject({ action: 'screenshot' });
    expect(
      (await session.next(screen([], { action: 'screenshot', result: 'ok', detail: 'Took a screenshot' })))
        .text,
    ).toBe('Done: searched the web for “seed investors”, took a screenshot.');
    expect(await planner('search for x', null).next(screen())).toMatchObject({
      action: 'done',
      text: 'Searching the web is not set up on this server.',
      completed: false,
    });
  });

  it('presses keys, scrolls up and waits', async () => {
    const session = planner('press enter, scroll up and wait 2 seconds');
    expect(await session.next(screen())).toMatchObject({ action: 'key', text: 'Enter' });
    expect(await session.next(screen([], ok('key')))).toMatchObject({
      action: 'scroll',
      scroll: { dx: 0, dy: -600 },
    });
    expect(await session.next(screen([], ok('scroll')))).toMatchObject({ action: 'wait', waitMs: 2000 });
  });

  it('stops when an action did not work, with the machine’s reason, even after the last instruction', async () => {
    const session = planner('open http://10.0.0.1 and click Next');
    await session.next(screen());
    const blocked = {
      action: 'navigate' as const,
      result: 'blocked' as const,
      detail: 'Blocked: private address 10.0.0.1',
    };
    expect(await session.next(screen([], blocked))).toMatchObject({
      action: 'done',
      text: 'Blocked: private address 10.0.0.1',
      completed: false,
    });
    const last = planner('open https://nowhere.invalid');
    await last.next(screen());
    const notFound = {
      action: 'navigate' as const,
      result: 'failed' as const,
      detail: 'nowhere.invalid could not be found',
    };
    expect(await last.next(screen([], notFound))).toMatchObject({
      action: 'done',
      text: 'nowhere.invalid could not be found',
      completed: false,
    });
  });

  it('plans again the step a founder’s take-over kept from running, and clicks the field again after it', async () => {
    const session = planner('open http://localhost:3114/form.html and type hello into the name field and wait 5 seconds');
    const form = [el('Name', { x: 100, y: 100, width: 200, height: 30 })];
    const tookOver = {
      action: 'type' as const,
      result: 'declined' as const,
      detail: 'Not carried out: the founder took control of the machine first.',
    };
    const handedBack = (lastAction: ComputerObservation['lastAction']) => ({
      ...screen(form, lastAction),
      founderNote: 'The founder took control of the machine and clicked at (5, 5). Continue the task from the screen as it is now.',
    });
    await session.next(screen());
    expect(await session.next(screen(form, ok('navigate')))).toMatchObject({ action: 'click' });
    expect(await session.next(screen(form, ok('click')))).toMatchObject({ action: 'type', text: 'hello' });
    // The type was declined: the field is clicked again (the founder may have moved the focus), then typed into.
    expect(await session.next(handedBack(tookOver))).toMatchObject({ action: 'click', coordinate: { x: 200, y: 115 } });
    expect(await session.next(screen(form, ok('click')))).toMatchObject({ action: 'type', text: 'hello' });
    expect(await session.next(screen(form, ok('type')))).toMatchObject({ action: 'wait', waitMs: 5000 });
    // Handed back between steps (the wait ran): the task goes on from where it was, not from the start.
    expect(await session.next(handedBack({ action: 'wait', result: 'ok', detail: 'ok' }))).toMatchObject({
      action: 'done',
      text: 'Done: opened http://localhost:3114/form.html, filled in Name, waited 5 seconds.',
      completed: true,
    });
  });

  it('explains what it can do when the task is open-ended', async () => {
    const step = await planner('find me three investors in Berlin').next(screen());
    expect(step).toMatchObject({
      action: 'done',
      text: OFFLINE_COMPUTER_HELP,
      completed: false,
      confidence: 1,
    });
    expect(OFFLINE_COMPUTER_HELP).toBe(
      'I can only follow explicit steps offline (open a URL, search the web for …, click the button labelled …, type … into …, press …, scroll, take a screenshot). Set OPENAI_API_KEY for open-ended tasks.',
    );
  });
});
