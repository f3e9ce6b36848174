import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText (Markdown for SMS)', () => {
  it('turns a typical chat answer into plain lines: no marks, lists kept, one blank line between blocks', () => {
    const answer = [
      '## This week',
      '',
      'Focus on **three things** and *ship* them:',
      '',
      '',
      '',
      '- Interview __five__ customers',
      '* Post the `launch` thread',
      '+ Read [the guide](https://example.com/guide)',
      '',
      '1. Book calls',
      '2) Send the ***follow-up***',
      '',
      '---',
      '',
      '> Done is better than ~~perfect~~.',
      '### Next step ###',
    ].join('\n');
    expect(plainText(answer)).toBe(
      [
        'This week',
        '',
        'Focus on three things and ship them:',
        '',
        '- Interview five customers',
        '- Post the launch thread',
        '- Read the guide (https://example.com/guide)',
        '',
        '1. Book calls',
        '2. Send the follow-up',
        '',
        'Done is better than perfect.',
        'Next step',
      ].join('\n'),
    );
  });

  it('never leaves **, __, backticks or heading marks, even unpaired or nested', () => {
    const text = plainText('# **Plan** for `v2`\n**Bold *and italic* inside** and an unclosed **mark\n__under__ `tick');
    expect(text).toBe('Plan for v2\nBold and italic inside and an unclosed mark\nunder tick');
    expect(text).not.toMatch(/\*\*|__|`|#/);
  });

  it('writes links as "text (url)", a bare or autolinked URL once, and leaves URLs and words with underscores alone', () => {
    expect(plainText('See [https://a.io](https://a.io), <https://b.io/x_y_z> and https://c.io/a_b_c.')).toBe(
      'See https://a.io, https://b.io/x_y_z and https://c.io/a_b_c.',
    );
    expect(plainText('[**Docs**](https://d.io "Title") for snake_case_name')).toBe('Docs (https://d.io) for snake_case_name');
    expect(plainText('Logo: ![the logo](https://e.io/logo.png)')).toBe('Logo: the logo (https://e.io/logo.png)');
  });

  it('keeps code blocks as their lines without fences, and escaped characters as themselves', () => {
    expect(plainText('Run:\n```bash\nnpm install\n# done\n```\nThen \\*relax\\*.')).toBe('Run:\nnpm install\n# done\nThen *relax*.');
  });

  it('turns a table into rows of cells without the alignment row', () => {
    expect(plainText('| Channel | Cost |\n|---|:--:|\n| Ads | $50 |')).toBe('Channel | Cost\nAds | $50');
  });

  it('keeps plain text and emoji as they are, single spaces, no leading or trailing blank lines', () => {
    expect(plainText('\n\n  Hi 😀   there!  \r\n\r\n\r\nBye.\n\n')).toBe('Hi 😀 there!\n\nBye.');
    expect(plainText('5 * 3 = 15, #1 priority')).toBe('5 * 3 = 15, #1 priority');
  });
});
