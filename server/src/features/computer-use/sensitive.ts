import type { PendingConfirmation } from '@cofounder/shared';
import type { ComputerObservation, ComputerStep } from '../../providers/ai/port.ts';
import type { Observation, PageElement } from '../../providers/vm/port.ts';

// Issue 12 §3: "Actions that would submit a payment, a password or a public post ask the user to confirm first".
// Read from the page's elements (what the click lands on, what the last click focused); a machine that only shows
// pixels gives no elements, and then only the model's own safety checks ask.

export type SensitiveKind = Exclude<PendingConfirmation['kind'], 'model_safety_check'>;

export interface Sensitive {
  kind: SensitiveKind;
  /** Why the founder is asked, in words ("Typing into a password field on example.com"). */
  reason: string;
}

const PAY_WORDS = /\b(pay|purchase|buy|place order|checkout|subscribe|donate|confirm payment)\b/i;
const POST_WORDS = /\b(post|tweet|publish|share|send|reply|submit post)\b/i;
const CARD_FIELD_NAME = /card number|credit card|debit card|\bcvc\b|\bcvv\b|expiry|expiration|security code/i;

function hostOf(url: string): string {
  try {
    return new URL(url).host || 'this page';
  } catch {
    return 'this page';
  }
}

const isPasswordField = (el: PageElement): boolean =>
  el.type === 'password' || /password/i.test(el.autocomplete ?? '');

// autocomplete tokens may carry a section or billing prefix ("billing cc-number").
const isPaymentField = (el: PageElement): boolean =>
  /(^|\s)cc-/i.test(el.autocomplete ?? '') || CARD_FIELD_NAME.test(el.name);

const isButton = (el: PageElement): boolean =>
  el.tag === 'button' ||
  el.role === 'button' ||
  (el.tag === 'input' && ['submit', 'button', 'image'].includes(el.type ?? ''));

/** The innermost element under a point (the smallest box that contains it). */
export function elementAt(elements: PageElement[], x: number, y: number): PageElement | null {
  let best: PageElement | null = null;
  for (const el of elements) {
    const inside = x >= el.x && x <= el.x + el.width && y >= el.y && y <= el.y + el.height;
    if (inside && (!best || el.width * el.height < best.width * best.height)) best = el;
  }
  return best;
}

/** A sensitive form holds card fields (payment) or else a password field; PageElement only says "sensitive". */
function formKind(elements: PageElement[]): SensitiveKind {
  return elements.some((el) => el.inSensitiveForm && isPaymentField(el)) ? 'payment' : 'password';
}

function fieldKind(el: PageElement | null): SensitiveKind | null {
  if (!el) return null;
  if (isPasswordField(el)) return 'password';
  if (isPaymentField(el)) return 'payment';
  return null;
}

const submitReason = (kind: SensitiveKind, how: string, host: string): string =>
  kind === 'payment'
    ? `${how} submits a payment form on ${host}`
    : `${how} submits a sign-in form on ${host}`;

/**
 * Whether the step would submit a payment, a password or a public post. `lastClicked` is the element the
 * previous click landed on (where typed text and keys go).
 */
export function sensitiveAction(
  step: ComputerStep,
  observation: Observation | ComputerObservation,
  lastClicked: PageElement | null,
): Sensitive | null {
  const host = hostOf(observation.url);
  const { elements } = observation;
  const focusedKind = fieldKind(lastClicked);
  const inForm = lastClicked?.inSensitiveForm ?? false;

  switch (step.action) {
    case 'type': {
      if (focusedKind === 'password')
        return { kind: 'password', reason: `Typing into a password field on ${host}` };
      if (focusedKind === 'payment')
        return { kind: 'payment', reason: `Typing card details into “${lastClicked!.name}” on ${host}` };
      // A typed newline presses Enter: the same as pressing it.
      if (inForm && step.text?.includes('\n')) {
        const kind = formKind(elements);
        return { kind, reason: submitReason(kind, 'Pressing Enter', host) };
      }
      return null;
    }
    case 'key': {
      if (!/\benter\b/i.test(step.text ?? '') || (!focusedKind && !inForm)) return null;
      const kind = focusedKind ?? formKind(elements);
      return { kind, reason: submitReason(kind, 'Pressing Enter', host) };
    }
    case 'click':
    case 'double_click': {
      if (!step.coordinate) return null;
      const el = elementAt(elements, step.coordinate.x, step.coordinate.y);
      if (!el || !isButton(el)) return null;
      const clicking = `Clicking “${el.name}”`;
      if (PAY_WORDS.test(el.name)) return { kind: 'payment', reason: `${clicking} on ${host}` };
      if (el.inSensitiveForm && (el.tag === 'button' || el.type === 'submit' || el.type === 'image')) {
        const kind = formKind(elements);
        return { kind, reason: submitReason(kind, clicking, host) };
      }
      if (POST_WORDS.test(el.name))
        return { kind: 'public_post', reason: `${clicking} on ${host} would post publicly` };
      return null;
    }
    default:
      return null;
  }
}
