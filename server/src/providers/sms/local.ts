import { randomUUID } from 'node:crypto';
import { LOCAL_SMS_NUMBER } from '../../config.ts';
import { SmsError, type SmsProvider } from './port.ts';

/**
 * Local mode: nothing leaves the machine. The SMS service stores every outgoing text in sms_messages, which is
 * the outbox the phone page shows; inbound texts come through /api/sms/simulate, never through the webhook.
 */
export function createLocalSms(): SmsProvider {
  return {
    mode: 'local',
    number: LOCAL_SMS_NUMBER,
    send: async () => ({ sid: `local_${randomUUID()}`, status: 'sent' }),
    verifyWebhook: () => false,
    fetchRecording: () => Promise.reject(new SmsError('No recordings in local mode', null, null)),
  };
}
