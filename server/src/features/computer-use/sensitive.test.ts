import { describe, expect, it } from 'vitest';
import type { ComputerStep } from '../../providers/ai/port.ts';
import type { Observation, PageElement } from '../../providers/vm/port.ts';
import { elementAt, sensitiveAction } from './sensitive.ts';

const el = (over: Partial<PageElement> & Pick<PageElement, 'name'>): PageElement => ({
  role: 'textbox',
  tag: 'input',
  type: 'text',
  autocomplete: null,
  x: 0,
  y: 0,
  width: 200,
  height: 30,
  inSensitiveForm: false,
  ...over,
});

const button = (name: string, over: Partial<PageElement> = {}) =>
  el({ name, role: 'button', tag: 'button', type: null, x: 500, y: 500, width: 100, height: 40, ...over });

const page = (elements: PageElement[], url = 'https://shop.example/checkout'): Observation => ({
  screenshot: Buffer.alloc(0),
  url,
  title: 'Page',
  elements,
});

const step = (over: Partial<ComputerStep> & Pick<ComputerStep, 'action'>): ComputerStep => ({
  thought: '',
  coordinate: null,
  text: null,
  confidence: 1,
  usage: { tokens: 0, costUsd: 0 },
  ...over,
});

const clickAt = (x: number, y: number) => step({ action: 'click', coordinate: { x, y } });

describe('sensitiveAction', () => {
  const password = el({ name: 'Password', type: 'password', inSensitiveForm: true });
  const currentPassword = el({ name: 'Secret', type: 'text', autocomplete: 'current-password' });
  const cardNumber = el({ name: 'Card', autocomplete: 'billing cc-number', inSensitiveForm: true });
  const cvc = el({ name: 'CVC', inSensitiveForm: true });
  const name = el({ name: 'Name' });

  it('asks before typing into a password field (type=password or an autocomplete password)', () => {
    const typing = step({ action: 'type', text: 'hunter2' });
    expect(sensitiveAction(typing, page([password], 'https://example.com/login'), password)).toEqual({
      kind: 'password',
      reason: 'Typing into a password field on example.com',
    });
    expect(sensitiveAction(typing, page([currentPassword]), currentPassword)?.kind).toBe('password');
  });

  it('asks before typing card details (autocomplete cc-*, or a card-like name)', () => {
    const typing = step({ action: 'type', text: '4242 4242 4242 4242' });
    expect(sensitiveAction(typing, page([cardNumber]), cardNumber)).toEqual({
      kind: 'payment',
      reason: 'Typing card details into “Card” on shop.example',
    });
    expect(sensitiveAction(typing, page([cvc]), cvc)?.kind).toBe('payment');
    expect(sensitiveAction(typing, page([]), el({ name: 'Expiry date' }))?.kind).toBe('payment');
  });

  it('asks before clicking a pay button', () => {
    for (const label of [
      'Pay now',
      'Purchase',
      'Buy',
      'Place order',
      'Checkout',
      'Subscribe',
      'Donate',
      'Confirm payment',
    ]) {
      const observation = page([button(label)]);
      expect(sensitiveAction(clickAt(550, 520), observation, null)).toEqual({
        kind: 'payment',
        reason: `Clicking “${label}” on shop.example`,
      });
    }
  });

  it('asks before a submit inside a password form or a payment form, by the form it submits', () => {
    const signIn = button('Sign in', { inSensitiveForm: true });
    expect(
      sensitiveAction(clickAt(550, 520), page([password, signIn], 'https://example.com/login'), null),
    ).toEqual({
      kind: 'password',
      reason: 'Clicking “Sign in” submits a sign-in form on example.com',
    });
    const submit = el({
      name: 'Continue',
      role: 'button',
      type: 'submit',
      x: 500,
      y: 500,
      width: 100,
      height: 40,
      inSensitiveForm: true,
    });
    expect(sensitiveAction(clickAt(550, 520), page([cardNumber, submit]), null)?.kind).toBe('payment');
  });

  it('asks before posting publicly', () => {
    for (const label of ['Post', 'Tweet', 'Publish', 'Share', 'Send', 'Reply', 'Submit post']) {
      expect(
        sensitiveAction(clickAt(550, 520), page([button(label)], 'https://x.example/home'), null),
      ).toEqual({
        kind: 'public_post',
        reason: `Clicking “${label}” on x.example would post publicly`,
      });
    }
  });

  it('asks before pressing Enter in a password field or a sensitive form', () => {
    const enter = step({ action: 'key', text: 'Enter' });
    expect(sensitiveAction(enter, page([password], 'https://example.com/login'), password)).toEqual({
      kind: 'password',
      reason: 'Pressing Enter submits a sign-in form on example.com',
    });
    const email = el({ name: 'Email', type: 'email', inSensitiveForm: true });
    expect(sensitiveAction(enter, page([email, password]), email)?.kind).toBe('password');
    expect(sensitiveAction(enter, page([cardNumber, cvc]), cvc)?.kind).toBe('payment');
    // A typed newline is Enter too.
    expect(
      sensitiveAction(step({ action: 'type', text: 'me@x.example\n' }), page([email, password]), email)?.kind,
    ).toBe('password');
  });

  it('lets ordinary steps run', () => {
    expect(sensitiveAction(step({ action: 'type', text: 'hello' }), page([name]), name)).toBeNull();
    expect(sensitiveAction(step({ action: 'type', text: 'hello' }), page([name]), null)).toBeNull();
    expect(sensitiveAction(clickAt(550, 520), page([button('Next')]), null)).toBeNull();
    // Clicking into a password field only focuses it; a link named like a post is navigation.
    expect(sensitiveAction(clickAt(10, 10), page([password]), null)).toBeNull();
    expect(
      sensitiveAction(clickAt(550, 520), page([button('Posts', { tag: 'a', role: 'link' })]), null),
    ).toBeNull();
    expect(sensitiveAction(step({ action: 'key', text: 'Enter' }), page([name]), name)).toBeNull();
    expect(sensitiveAction(step({ action: 'key', text: 'Tab' }), page([password]), password)).toBeNull();
    expect(
      sensitiveAction(step({ action: 'navigate', text: 'https://example.com' }), page([]), password),
    ).toBeNull();
    expect(
      sensitiveAction(step({ action: 'click', coordinate: null }), page([button('Pay')]), null),
    ).toBeNull();
  });

  it('finds the innermost element under a point', () => {
    const form = el({ name: 'Form', role: 'form', tag: 'form', x: 0, y: 0, width: 1000, height: 1000 });
    const inner = button('Pay');
    expect(elementAt([form, inner], 550, 520)).toBe(inner);
    expect(elementAt([form, inner], 10, 10)).toBe(form);
    expect(elementAt([inner], 10, 10)).toBeNull();
  });
});
