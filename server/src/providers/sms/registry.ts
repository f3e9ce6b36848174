import type { Config } from '../../config.ts';
import { createLocalSms } from './local.ts';
import type { SmsProvider } from './port.ts';
import { createTwilioSms } from './twilio.ts';

export function createSmsProvider(config: Config): SmsProvider {
  return config.twilio ? createTwilioSms(config.twilio) : createLocalSms();
}
