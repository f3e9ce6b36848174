import { describe, expect, it } from 'vitest';
import { chatFailure, tasksCreatedText } from './chat-text.ts';

describe('chatFailure', () => {
  it('turns 401 or "Unauthorized" into the expired-session text and /login after 2 s', () => {
    for (const error of [{ status: 401, message: 'x' }, new Error('Unauthorized')]) {
      expect(chatFailure(error)).toEqual({
        kind: 'unauthorized',
        text: 'Your session has expired. Please log in again to continue chatting.',
        replyDelayMs: 0,
        loginRedirectMs: 2000,
      });
    }
  });

  it('turns 429 or a "limit" message into the usage-limit text', () => {
    for (const error of [{ status: 429 }, new Error('Monthly limit reached')]) {
      expect(chatFailure(error)).toMatchObject({
        kind: 'limit',
        text: "You've reached your usage limit for this month. Please upgrade your plan to continue.",
        replyDelayMs: 0,
        loginRedirectMs: null,
      });
    }
  });

  it('shows the per-minute budget as its own text, not the monthly limit', () => {
    const error = { status: 429, message: "You're sending messages faster than your co-founder can answer. Please wait a moment and try again." };
    expect(chatFailure(error)).toMatchObject({ kind: 'limit', text: error.message, replyDelayMs: 0 });
  });

  it('turns 402 or the payment_required code into the trial-ended text at once', () => {
    for (const error of [
      { status: 402, code: 'payment_required', message: 'Trial ended' },
      { code: 'payment_required' },
    ]) {
      expect(chatFailure(error)).toEqual({
        kind: 'payment_required',
        text: 'Your free trial has ended. Upgrade your plan to continue.',
        replyDelayMs: 0,
        loginRedirectMs: null,
      });
    }
  });

  it('answers anything else with the reconnect reply after 1 s', () => {
    for (const error of [
      { status: 502, message: 'No AI response received' },
      new TypeError('Failed to fetch'),
      'boom',
      null,
    ]) {
      expect(chatFailure(error)).toEqual({
        kind: 'connection',
        text: "I'm having some connection issues right now. Let me try to reconnect... Can you resend that?",
        replyDelayMs: 1000,
        loginRedirectMs: null,
      });
    }
  });
});

describe('tasksCreatedText', () => {
  it('names the count and where the tasks are', () => {
    expect(tasksCreatedText(3)).toBe(
      "I've created 3 new task(s) for you. You can see them in Intern Activity.",
    );
  });
});
