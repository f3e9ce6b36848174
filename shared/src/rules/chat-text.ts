import { BILLING, CHAT, RATE_LIMITS } from '../constants.ts';

/** The chat's fixed texts (spec 1 §5, §8). */
export const CHAT_TEXT = {
  sessionExpired: 'Your session has expired. Please log in again to continue chatting.',
  usageLimit: "You've reached your usage limit for this month. Please upgrade your plan to continue.",
  connectionIssue:
    "I'm having some connection issues right now. Let me try to reconnect... Can you resend that?",
  signInToChat: 'Please log in to start chatting with your AI Co-Founder.',
} as const;

/** A failure as the chat reads it: an HTTP status when there is one, and the message. */
export interface ChatErrorLike {
  status?: number;
  code?: string;
  message?: string;
}

export interface ChatFailure {
  kind: 'unauthorized' | 'limit' | 'payment_required' | 'connection';
  /** The intern's reply that explains the failure. */
  text: string;
  /** How long after the failure the reply appears. */
  replyDelayMs: number;
  /** When set, the chat goes to /login this long after showing the reply. */
  loginRedirectMs: number | null;
}

function readError(error: unknown): ChatErrorLike {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { status, code, message } = error as Record<string, unknown>;
  return {
    status: typeof status === 'number' ? status : undefined,
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

/**
 * Spec 1 §8 "Chat": 401 or "Unauthorized", then 402 (the free trial ended: the upgrade text; the screen offers the
 * way to /pricing), then 429 or "limit", else the reconnect reply after 1 s.
 */
export function chatFailure(error: unknown): ChatFailure {
  const { status, code, message = '' } = readError(error);
  if (status === 401 || /unauthorized/i.test(message)) {
    return {
      kind: 'unauthorized',
      text: CHAT_TEXT.sessionExpired,
      replyDelayMs: 0,
      loginRedirectMs: CHAT.unauthorizedRedirectMs,
    };
  }
  if (status === 402 || code === 'payment_required') {
    return { kind: 'payment_required', text: BILLING.trialEndedText, replyDelayMs: 0, loginRedirectMs: null };
  }
  if (status === 429 && message === RATE_LIMITS.texts.chat) {
    return { kind: 'limit', text: RATE_LIMITS.texts.chat, replyDelayMs: 0, loginRedirectMs: null };
  }
  if (status === 429 || /limit/i.test(message)) {
    return { kind: 'limit', text: CHAT_TEXT.usageLimit, replyDelayMs: 0, loginRedirectMs: null };
  }
  return {
    kind: 'connection',
    text: CHAT_TEXT.connectionIssue,
    replyDelayMs: CHAT.failureReplyDelayMs,
    loginRedirectMs: null,
  };
}

/** The notice after a reply that created tasks (spec 1 §4 "Chat send", step 4). */
export function tasksCreatedText(count: number): string {
  return `I've created ${count} new task(s) for you. You can see them in Intern Activity.`;
}
