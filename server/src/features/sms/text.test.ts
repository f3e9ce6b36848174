import { describe, expect, it } from 'vitest';
import { SMS } from '@cofounder/shared';
import { twilioSignature, verifyTwilioSignature } from '../../providers/sms/twilio.ts';
import { codeIn, keywordOf, splitSegments, truncateText } from './text.ts';

describe('Twilio request signature', () => {
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
  it("matches Twilio's documented example", () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });
  it('refuses another URL, changed params, an empty or wrong signature', () => {
    const sig = twilioSignature('12345', url, params);
    expect(verifyTwilioSignature('12345', 'https://mycompany.com/myapp.php', params, sig)).toBe(false);
    expect(verifyTwilioSignature('12345', url, { ...params, Digits: '9' }, sig)).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, '')).toBe(false);
    expect(verifyTwilioSignature('other', url, params, sig)).toBe(false);
  });
});

describe('SMS text rules', () => {
  it('truncates without splitting a surrogate pair', () => {
    expect(truncateText('abc', 5)).toBe('abc');
    expect(truncateText('a😀b', 2)).toBe('a');
    expect(truncateText('😀😀', 3)).toBe('😀');
  });
  it('splits replies into segments at spaces, at most maxSegments, marking a cut', () => {
    expect(splitSegments('short reply')).toEqual(['short reply']);
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const segments = splitSegments(words);
    expect(segments.every((s) => s.length <= SMS.segmentChars)).toBe(true);
    expect(segments.join(' ')).toBe(words);
    const huge = splitSegments('x '.repeat(5000));
    expect(huge).toHaveLength(SMS.maxSegments);
    expect(huge.at(-1)!.endsWith('…')).toBe(true);
    expect(huge.every((s) => s.length <= SMS.segmentChars)).toBe(true);
    expect(splitSegments('   ')).toEqual([]);
  });
  it('reads keywords from the whole text only', () => {
    expect(keywordOf(' stop ')).toBe('stop');
    expect(keywordOf('Unsubscribe')).toBe('stop');
    expect(keywordOf('START')).toBe('start');
    expect(keywordOf('help')).toBe('help');
    expect(keywordOf('please stop')).toBeNull();
  });
  it('finds exactly six digits standing alone', () => {
    expect(codeIn('my code is 123456')).toBe('123456');
    expect(codeIn('12345')).toBeNull();
    expect(codeIn('1234567')).toBeNull();
    expect(codeIn('call +14155550123')).toBeNull();
  });
});
