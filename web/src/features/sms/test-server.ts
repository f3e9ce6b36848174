import type { SmsMessage, SmsStatusResponse } from '@cofounder/shared';
import { paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';

export const INTERN_NUMBER = '+15550001111';
export const FOUNDER_NUMBER = '+14155550123';

/** The status of a founder who has not verified yet; `over` changes any field. */
export function smsStatus(over: Partial<SmsStatusResponse> = {}): SmsStatusResponse {
  return {
    success: true,
    hasCode: false,
    isVerified: false,
    phoneNumber: null,
    code: null,
    codeExpiresAt: null,
    twilioNumber: INTERN_NUMBER,
    optedOut: false,
    mode: 'real',
    ...over,
  };
}

/** A verified founder's status. */
export const verifiedStatus = (over: Partial<SmsStatusResponse> = {}) =>
  smsStatus({ isVerified: true, phoneNumber: FOUNDER_NUMBER, ...over });

/** One text of the thread. */
export function text(id: string, direction: 'in' | 'out', body: string, createdAt: string): SmsMessage {
  return {
    id,
    direction,
    from: direction === 'in' ? FOUNDER_NUMBER : INTERN_NUMBER,
    to: direction === 'in' ? INTERN_NUMBER : FOUNDER_NUMBER,
    body,
    createdAt,
    status: direction === 'in' ? 'received' : 'delivered',
  };
}

interface SmsServerOptions {
  status?: SmsStatusResponse;
  messages?: SmsMessage[];
  plan?: 'starter' | 'builder';
  /** Answer the status call with this status instead (500, 403 upgradeRequired). */
  statusError?: number;
  /** Answer generate-code with this body and status instead. */
  generateError?: { status: number; body: unknown };
  /** What simulate replies. */
  replies?: string[];
}

export const upgradeRequired = () =>
  Response.json(
    {
      error: { code: 'forbidden', message: 'Upgrade to Builder to access this feature' },
      upgradeRequired: true,
      plan: 'builder',
      planName: 'Builder',
    },
    { status: 403 },
  );

/** An in-memory phone-integration server behind the fake fetch; tests change `state` to move it on. */
export function smsServer(opts: SmsServerOptions = {}) {
  const state = {
    status: opts.status ?? smsStatus(),
    messages: opts.messages ?? [],
    statusError: opts.statusError,
  };
  const calls = { status: 0, generate: [] as FakeRequest[], simulate: [] as FakeRequest[], messages: 0 };
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/subscription-status': () => Response.json(paidStatus(opts.plan ?? 'builder')),
    'GET /api/approvals': () => Response.json({ success: true, approvals: [] }),
    'GET /api/sms/status/:userId': () => {
      calls.status += 1;
      if (state.statusError === 403) return upgradeRequired();
      if (state.statusError)
        return Response.json({ error: { code: 'internal', message: 'down' } }, { status: state.statusError });
      return Response.json(state.status);
    },
    'POST /api/sms/generate-code/:userId': (req) => {
      calls.generate.push(req);
      if (opts.generateError)
        return Response.json(opts.generateError.body, { status: opts.generateError.status });
      const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
      state.status = { ...state.status, hasCode: true, code: '482913', codeExpiresAt: expiresAt };
      return Response.json({ success: true, code: '482913', expiresAt });
    },
    'GET /api/sms/messages/:userId': () => {
      calls.messages += 1;
      return Response.json({ success: true, messages: state.messages });
    },
    'POST /api/sms/simulate/:userId': (req) => {
      calls.simulate.push(req);
      const { from, body } = req.body as { from: string; body: string };
      const now = new Date().toISOString();
      const replies = opts.replies ?? ['Got it.'];
      state.messages = [
        ...state.messages,
        text(`in-${state.messages.length}`, 'in', body, now),
        ...replies.map((r, i) => text(`out-${state.messages.length}-${i}`, 'out', r, now)),
      ];
      if (body === state.status.code)
        state.status = { ...state.status, isVerified: true, phoneNumber: from, code: null, hasCode: false };
      return Response.json({ success: true, replies });
    },
  });
  return { fetch, state, calls };
}
