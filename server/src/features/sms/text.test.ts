import { describe, expect, it } from 'vitest';
import { SMS } from '@cofounder/shared';
import { twilioSignature, verifyTwilioSignature } from '../../providers/sms/twilio.ts';
import { codeIn, keywordOf, replySegments, splitSegments, truncateText } from './text.ts';

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
  it('splits a long answer at sentence ends, numbering every segment "(n/N) " within the segment size', () => {
    const sentences = [
      'Start with the ten people who already asked about your product last month.',
      'Write to each of them personally and offer a short call this week.',
      'Ask what they use today, what it costs them, and what they would pay to fix it.',
      'Keep notes in one place so you can compare the answers on Friday.',
      'Then pick the two most common problems and build a small demo for each.',
    ];
    const segments = splitSegments(sentences.join(' '));
    expect(segments).toEqual([
      `(1/3) ${sentences[0]} ${sentences[1]}`,
      `(2/3) ${sentences[2]} ${sentences[3]}`,
      `(3/3) ${sentences[4]}`,
    ]);
    expect(segments.every((s) => s.length <= SMS.segmentChars)).toBe(true);
    // One segment is not numbered, up to the full size.
    expect(splitSegments(sentences[0]!)).toEqual([sentences[0]]);
    const full = 'a'.repeat(SMS.segmentChars);
    expect(splitSegments(full)).toEqual([full]);
    expect(splitSegments('   ')).toEqual([]);
  });

  it('breaks at a line break, keeping list lines apart', () => {
    const lines = ['Your plan for the week:', ...Array.from({ length: 6 }, (_, i) => `- Call customer number ${i + 1} and ask about their budget`)];
    const segments = splitSegments(lines.join('\n'));
    expect(segments).toEqual([`(1/3) ${lines.slice(0, 3).join('\n')}`, `(2/3) ${lines.slice(3, 5).join('\n')}`, `(3/3) ${lines.slice(5).join('\n')}`]);
  });

  it('splits between words when no sentence ends late enough, never inside a word', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`);
    const segments = splitSegments(words.join(' '));
    expect(segments.every((s) => s.length <= SMS.segmentChars)).toBe(true);
    segments.forEach((s, i) => expect(s.startsWith(`(${i + 1}/${segments.length}) `)).toBe(true));
    const unnumbered = segments.map((s) => s.replace(/^\(\d+\/\d+\) /, ''));
    expect(unnumbered.flatMap((s) => s.split(' '))).toEqual(words);
    // A word longer than a segment is the only one cut, and it starts its own segment.
    const fits = SMS.segmentChars - '(1/3) '.length;
    expect(splitSegments(`hi ${'x'.repeat(200)}`)).toEqual(['(1/3) hi', `(2/3) ${'x'.repeat(fits)}`, `(3/3) ${'x'.repeat(200 - fits)}`]);
  });

  it('never splits a surrogate pair (emoji stay whole)', () => {
    // 147 units are left after "(1/3) ": 73 emoji (146 units), never 73½.
    expect(splitSegments('😀'.repeat(200))).toEqual([`(1/3) ${'😀'.repeat(73)}`, `(2/3) ${'😀'.repeat(73)}`, `(3/3) ${'😀'.repeat(54)}`]);
    const mixed = splitSegments(`Great week 🎉 ${'you shipped it 🚀 '.repeat(12)}`);
    expect(mixed.every((s) => s.length <= SMS.segmentChars)).toBe(true);
    expect(mixed.join('')).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(mixed.map((s) => s.replace(/^\(\d\/\d\) /, '')).join(' ')).toBe(`Great week 🎉 ${'you shipped it 🚀 '.repeat(12)}`.trim());
  });

  it('keeps at most maxSegments, numbered out of that many, the last marking the cut with "…"', () => {
    const huge = splitSegments('word '.repeat(2000));
    expect(huge).toHaveLength(SMS.maxSegments);
    expect(huge[0]!.startsWith(`(1/${SMS.maxSegments}) word`)).toBe(true);
    expect(huge.at(-1)).toMatch(new RegExp(`^\\(${SMS.maxSegments}/${SMS.maxSegments}\\) (word )*word…$`));
    expect(huge.every((s) => s.length <= SMS.segmentChars)).toBe(true);
  });

  it('sends a Markdown reply as plain, numbered segments', () => {
    const reply = `## Plan\n\n**Focus** on [three calls](https://cal.com/x) this week. ${'Keep each call short and ask about the budget. '.repeat(3)}\n\n- \`Ship\` the demo`;
    const segments = replySegments(reply);
    expect(segments).toEqual([
      '(1/2) Plan\n\nFocus on three calls (https://cal.com/x) this week. Keep each call short and ask about the budget.',
      '(2/2) Keep each call short and ask about the budget. Keep each call short and ask about the budget.\n\n- Ship the demo',
    ]);
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
