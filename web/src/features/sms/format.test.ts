import { describe, expect, it } from 'vitest';
import { expiresInText, formatPhone, smsHref } from './format.ts';

describe('phone formatting', () => {
  it('formats North American numbers and leaves others as they are', () => {
    expect(formatPhone('+14155550123')).toBe('+1 (415) 555-0123');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });

  it('builds sms: links with the code as the body', () => {
    expect(smsHref('+15550001111', '123456')).toBe('sms:+15550001111?body=123456');
    expect(smsHref('+15550001111')).toBe('sms:+15550001111');
  });

  it('says how long the code lasts, and nothing once it has expired', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(expiresInText('2025-03-01T10:15:00Z', now)).toBe('Expires in 15 minutes');
    expect(expiresInText('2025-03-01T10:00:20Z', now)).toBe('Expires in 1 minute');
    expect(expiresInText('2025-03-01T10:00:00Z', now)).toBeNull();
    expect(expiresInText('not a date', now)).toBeNull();
  });
});
