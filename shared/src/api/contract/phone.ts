import {
  GenerateCodeResponse,
  SimulateTextBody,
  SimulateTextResponse,
  SmsMessagesResponse,
  SmsStatusResponse,
} from '../../schemas/sms.ts';
import { FORM_POST, TWIML, type Endpoints } from './define.ts';

/** Phone integration (Builder plan; spec 2 §7, issue 11). */
export const phoneEndpoints = {
  smsStatus: { method: 'GET', path: '/api/sms/status/:userId', auth: 'bearer', response: SmsStatusResponse },
  generateSmsCode: {
    method: 'POST',
    path: '/api/sms/generate-code/:userId',
    auth: 'bearer',
    response: GenerateCodeResponse,
  },
  smsMessages: {
    method: 'GET',
    path: '/api/sms/messages/:userId',
    auth: 'bearer',
    response: SmsMessagesResponse,
  },
  /** Local mode only (404 with Twilio), this machine only. */
  simulateSms: {
    method: 'POST',
    path: '/api/sms/simulate/:userId',
    auth: 'bearer',
    body: SimulateTextBody,
    response: SimulateTextResponse,
  },

  // Twilio's webhooks: its form params, signed with X-Twilio-Signature; answered with TwiML.
  smsWebhook: { method: 'POST', path: '/api/sms/webhook', auth: 'public', body: FORM_POST, response: TWIML },
  voiceWebhook: {
    method: 'POST',
    path: '/api/voice/webhook',
    auth: 'public',
    body: FORM_POST,
    response: TWIML,
  },
  voiceRecording: {
    method: 'POST',
    path: '/api/voice/recording',
    auth: 'public',
    body: FORM_POST,
    response: TWIML,
  },
} as const satisfies Endpoints;
