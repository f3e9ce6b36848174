import { describe, expect, it } from 'vitest';
import { VMS, type MonitorServerMessage } from '@cofounder/shared';
import {
  initialMonitorState,
  latestShot,
  monitorReducer,
  recentDecisions,
  type MonitorState,
} from './monitor-state.ts';
import { RUN_MESSAGES, SHOT, T, decision } from './test-server.ts';

const feed = (messages: MonitorServerMessage[], from: MonitorState = initialMonitorState) =>
  messages.reduce((s, message, i) => monitorReducer(s, { type: 'message', message, at: i }), from);

describe('monitor state', () => {
  it('folds one task’s messages into the timeline, outcomes, step and status', () => {
    const s = feed(RUN_MESSAGES);
    expect(s.taskId).toBe('t1');
    expect(s.running).toBe(true);
    expect(s.step).toBe(2);
    expect(s.decisions.map((d) => d.action)).toEqual(['navigate', 'type']);
    expect(s.outcomes[1]).toEqual({ result: 'ok', detail: 'Navigated to the form' });
    const done = feed(
      [
        { type: 'taskComplete', ...T, success: true, message: 'Done.' },
        { type: 'taskEnd', ...T, status: 'completed' },
      ],
      s,
    );
    expect(done.running).toBe(false);
    expect(done.status).toBe('completed');
    expect(done.result).toEqual({ success: true, message: 'Done.' });
  });

  it('knows while the founder holds the machine, across a new task, until they hand it back', () => {
    const control = (founder: boolean): MonitorServerMessage => ({ type: 'control', vmId: 'vm-1', timestamp: T.timestamp, founder });
    const held = feed([control(true), ...RUN_MESSAGES, { type: 'taskStart', ...T, taskId: 't2', task: 'Next' }]);
    expect(held.founderControl).toBe(true);
    expect(held.taskId).toBe('t2');
    expect(feed([control(false)], held).founderControl).toBe(false);
  });

  it('keeps the last screenshots and gives the overlay the last decisions', () => {
    const messages: MonitorServerMessage[] = [];
    for (let step = 1; step <= 9; step++) {
      messages.push({ type: 'screenshot', ...T, step, screenshot: `${SHOT}${step}`, live: false });
      messages.push({ type: 'aiDecision', ...T, decision: decision(step, 'click') });
    }
    const s = feed(messages);
    expect(s.shots).toHaveLength(VMS.monitorScreenshots);
    expect(latestShot(s)?.src).toBe(`${SHOT}9`);
    expect(s.decisions).toHaveLength(9);
    expect(recentDecisions(s).map((d) => d.step)).toEqual([5, 6, 7, 8, 9]);
  });

  it('a new task clears the old timeline but keeps the screen', () => {
    const s = feed([...RUN_MESSAGES, { type: 'taskStart', ...T, taskId: 't2', task: 'next' }]);
    expect(s.taskId).toBe('t2');
    expect(s.decisions).toEqual([]);
    expect(s.shots).toHaveLength(1);
  });

  it('shows a confirmation while awaiting it and drops it when the task runs on', () => {
    const confirmation = {
      id: 'c1',
      vmId: 'vm-1',
      taskId: 't1',
      step: 3,
      kind: 'payment' as const,
      reason: 'Paying',
      decision: decision(3, 'click'),
      createdAt: T.timestamp,
    };
    const waiting = feed([
      RUN_MESSAGES[0]!,
      { type: 'status', ...T, status: 'awaiting_confirmation', message: 'Waiting', confirmation },
    ]);
    expect(waiting.confirmation?.id).toBe('c1');
    expect(
      feed([{ type: 'status', ...T, status: 'running', message: null }], waiting).confirmation,
    ).toBeNull();
    expect(monitorReducer(waiting, { type: 'confirmationAnswered', id: 'c1' }).confirmation).toBeNull();
  });

  it('restores the stored task and merges it with what the socket already sent', () => {
    const live = feed(RUN_MESSAGES.slice(0, 4));
    const restored = monitorReducer(live, {
      type: 'restore',
      at: 0,
      data: {
        success: true,
        task: {
          id: 't1',
          description: 'd',
          status: 'running',
          screenshot: SHOT,
          isRunning: true,
          startTime: T.timestamp,
          endTime: null,
          message: null,
        },
        decisions: [decision(1, 'navigate'), decision(2, 'type')],
        pendingConfirmation: null,
      },
    });
    expect(restored.decisions.map((d) => d.step)).toEqual([1, 2]);
    expect(restored.shots).toHaveLength(1);
    // A stored older task never replaces a newer one the socket shows running.
    const newer = feed([{ type: 'taskStart', ...T, taskId: 't9', task: 'newer' }]);
    expect(
      monitorReducer(newer, {
        type: 'restore',
        at: 0,
        data: {
          success: true,
          task: {
            id: 't1',
            description: 'd',
            status: 'completed',
            screenshot: null,
            isRunning: false,
            startTime: T.timestamp,
            endTime: T.timestamp,
            message: 'ok',
          },
          decisions: [],
          pendingConfirmation: null,
        },
      }).taskId,
    ).toBe('t9');
  });
});
