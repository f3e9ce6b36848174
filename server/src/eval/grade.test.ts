import { PitchDeckOutline, SMS } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { avoids, labelled, lengthWithin, mentions, noDuplicates, noEcho, plain, schemaValid, smsSegments } from './grade.ts';
import { formatReport, tally, type CaseResult } from './report.ts';

// The graders must be able to fail: each is fed a known-bad answer and a good one.

const question =
  'We sell an invoicing app to freelance designers in the US and want to know how to price it for small design studios with two to five people';

describe('graders', () => {
  it('noEcho fails a reply quoting more than 80 characters of the message, passes a short quote', () => {
    const echo = noEcho(`You asked: "${question.slice(0, 90)}". Here is my answer.`, question);
    expect(echo).toMatchObject({ name: 'no quote over 80 chars', pass: false });
    expect(echo.detail).toMatch(/^echoed "we sell an invoicing app/);
    expect(noEcho(`About "${question.slice(0, 60)}": charge per studio seat.`, question).pass).toBe(true);
  });

  it('schemaValid fails a wrong-shape output and names the field', () => {
    const bad = schemaValid('pitch_deck_outline', PitchDeckOutline, { summary: 'Deck', slides: 'ten slides' });
    expect(bad).toMatchObject({ pass: false, name: 'schema pitch_deck_outline' });
    expect(bad.detail).toMatch(/^slides: /);
    const slide = (title: string) => ({ title, points: ['A point'] });
    expect(schemaValid('d', PitchDeckOutline, { summary: 'Deck', slides: [slide('A'), slide('B'), slide('C')] }).pass).toBe(true);
  });

  it('mentions and avoids check whole request nouns, plural or singular', () => {
    expect(mentions('Ten freelance designers in Lisbon', ['designer', 'Lisbon']).pass).toBe(true);
    expect(mentions('Ten clinicians', ['designer', 'Lisbon'])).toMatchObject({ pass: false, detail: 'missing: designer, Lisbon' });
    expect(avoids('Talk to teachers at schools', ['teacher'])).toMatchObject({ pass: false, detail: 'found: teacher' });
    // "tutorial" is not "tutor".
    expect(avoids('Read the tutorial', ['tutor']).pass).toBe(true);
  });

  it('labelled fails an unlabelled or mislabelled artifact', () => {
    expect(labelled(null, 'offline')).toMatchObject({ name: 'labelled offline', pass: false, detail: 'producedBy null' });
    expect(labelled('offline', 'gpt-test')).toMatchObject({ name: 'labelled gpt-test', pass: false });
    expect(labelled('offline', 'offline').pass).toBe(true);
  });

  it('noDuplicates fails the same work worded twice (shared rule)', () => {
    const dup = noDuplicates([
      { description: 'Draft 3 Reddit posts for r/freelance', agent: 'marketing_agent' },
      { description: 'Write three Reddit posts for r/freelance', agent: 'marketing_agent' },
    ]);
    expect(dup.pass).toBe(false);
    expect(noDuplicates([{ description: 'Find 10 investors', agent: 'investor_outreach_agent' }, { description: 'Find 20 investors', agent: 'investor_outreach_agent' }]).pass).toBe(true);
  });

  it('plain and lengthWithin fail Markdown and overlong text', () => {
    expect(plain('Here is **bold** advice')).toMatchObject({ pass: false, detail: 'markdown "**"' });
    expect(plain('- a dash list reads fine\n- in a text').pass).toBe(true);
    expect(lengthWithin('x'.repeat(5000), 120, 4000)).toMatchObject({ pass: false, detail: 'length 5000' });
  });

  it('smsSegments fails oversized, unnumbered and mid-word segments', () => {
    const whole = 'Find designers where they already talk shop. Offer ten of them free access for feedback.';
    const good = ['(1/2) Find designers where they already talk shop.', '(2/2) Offer ten of them free access for feedback.'];
    expect(smsSegments(good, whole).every((c) => c.pass)).toBe(true);
    const failing = (replies: string[]) => smsSegments(replies, whole).filter((c) => !c.pass).map((c) => c.name);
    expect(failing(['Find designers where they already talk shop.', 'Offer ten of them free access for feedback.'])).toEqual(['numbered when several']);
    expect(failing(['(1/2) Find designers where they already talk shop. Offer ten of them fr', '(2/2) ee access for feedback.'])).toEqual(['cut between words']);
    expect(failing([`${'word '.repeat(40)}`])).toContain(`segments of ≤ ${SMS.segmentChars} chars`);
  });
});

describe('report', () => {
  const result = (area: CaseResult['area'], passed: boolean): CaseResult => ({
    area,
    name: `${area} case`,
    checks: [{ name: 'mentions x', pass: passed, detail: passed ? '' : 'missing: x' }],
    error: null,
    passed,
  });

  it('counts per area and in total, and lists the failed checks', () => {
    const results = [result('chat', true), result('chat', false), result('tasks', true)];
    expect(tally(results)).toEqual([
      { area: 'chat', cases: 2, passed: 1, rate: 0.5 },
      { area: 'tasks', cases: 1, passed: 1, rate: 1 },
      { area: 'total', cases: 3, passed: 2, rate: 2 / 3 },
    ]);
    const text = formatReport(results, 'offline');
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Eval of the co-founder (offline)',
      'area             cases    passed pass rate',
      'chat                 2         1    50.0 %',
      'tasks                1         1   100.0 %',
      'total                3         2    66.7 %',
    ]);
    expect(text).toContain('✗ [chat] chat case: mentions x (missing: x)');
  });
});
