import { VMS, type Decision } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { describeSteps, resumePointOf } from './resume.ts';

const decision = (step: number, action: Decision['action'], text: string | null = null): Decision => ({
  step,
  thought: `step ${step}`,
  action,
  coordinate: action === 'click' ? { x: 10, y: 20 } : null,
  text,
  confidence: 0.9,
  timestamp: '2026-11-27T10:00:00.000Z',
});
const task = (over: Partial<Parameters<typeof resumePointOf>[0]> = {}) => ({
  status: 'running' as const,
  decisions: [] as Decision[],
  stepsDone: 0,
  resumes: 0,
  engineTaskId: null,
  ...over,
});

describe('where a task whose process died goes on', () => {
  it('goes on after the last finished step, or at the first when none was decided', () => {
    const done = [decision(1, 'navigate', 'https://example.com'), decision(2, 'click')];
    expect(resumePointOf(task({ decisions: done, stepsDone: 2 }))).toEqual({ resume: true, fromStep: 3, carriedOut: done });
    expect(resumePointOf(task())).toEqual({ resume: true, fromStep: 1, carriedOut: [] });
  });

  it('decides again a step whose action does no harm twice, or had not started (a confirmation awaited)', () => {
    const first = decision(1, 'navigate', 'https://example.com');
    for (const action of ['wait', 'scroll', 'screenshot', 'navigate', 'done'] as const) {
      expect(resumePointOf(task({ decisions: [first, decision(2, action)], stepsDone: 1 }))).toEqual({
        resume: true,
        fromStep: 2,
        carriedOut: [first],
      });
    }
    const typing = [first, decision(2, 'type', '[hidden]')];
    expect(resumePointOf(task({ status: 'awaiting_confirmation', decisions: typing, stepsDone: 1 }))).toEqual({
      resume: true,
      fromStep: 2,
      carriedOut: [first],
    });
  });

  it('ends the task rather than risk a click, typing or key press twice', () => {
    for (const action of ['click', 'double_click', 'type', 'key'] as const) {
      expect(resumePointOf(task({ decisions: [decision(1, action)], stepsDone: 0 }))).toEqual({
        resume: false,
        reason: VMS.texts.runnerLostMidAction(action),
      });
    }
    expect(VMS.texts.runnerLostMidAction('double_click')).toContain('during a double-click,');
  });

  it('never takes over an agent’s task, nor one taken over VMS.taskResumesMax times already', () => {
    expect(resumePointOf(task({ engineTaskId: 'a6f1d1e2-0000-4000-8000-000000000000' }))).toEqual({ resume: false, reason: VMS.texts.runnerLost });
    expect(resumePointOf(task({ resumes: VMS.taskResumesMax }))).toEqual({ resume: false, reason: VMS.texts.runnerLost });
  });

  it('tells the model what was done in words, never the text typed', () => {
    const said = describeSteps([decision(1, 'navigate', 'https://example.com'), decision(2, 'click'), decision(3, 'type', 'hunter2'), decision(4, 'key', 'Enter')]);
    expect(said).toEqual(['1. opened https://example.com', '2. click at (10, 20)', '3. typed text', '4. pressed Enter']);
    expect(VMS.texts.resumedNote(said)).toContain('Already done: 1. opened https://example.com; 2. click at (10, 20)');
  });
});
