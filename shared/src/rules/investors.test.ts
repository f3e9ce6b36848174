import { describe, expect, it } from 'vitest';
import { formatCheckSize, initialsOf, investorIdentity, verificationLevel, verificationScore } from './investors.ts';

const bare = { email: null, linkedin: null, firm: null, portfolio: [], thesis: null, focus: [] };

describe('verification score (spec 2 §3)', () => {
  it('counts email 1, LinkedIn 2, firm 1, portfolio 1, thesis or focus 1', () => {
    expect(verificationScore(bare)).toBe(0);
    expect(verificationScore({ ...bare, email: 'a@b.co' })).toBe(1);
    expect(verificationScore({ ...bare, linkedin: 'https://linkedin.com/in/a' })).toBe(2);
    expect(verificationScore({ ...bare, firm: 'Acme' })).toBe(1);
    expect(verificationScore({ ...bare, portfolio: ['X'] })).toBe(1);
    expect(verificationScore({ ...bare, thesis: 'AI' })).toBe(1);
    expect(verificationScore({ ...bare, focus: ['SaaS'] })).toBe(1);
    expect(verificationScore({ ...bare, thesis: 'AI', focus: ['SaaS'] })).toBe(1);
    expect(
      verificationScore({ email: 'a@b.co', linkedin: 'x', firm: 'F', portfolio: ['P'], thesis: 'T', focus: ['F'] }),
    ).toBe(6);
  });
  it('ignores blank values', () => {
    expect(verificationScore({ ...bare, email: '  ', firm: '', portfolio: [''], focus: [' '] })).toBe(0);
  });
  it('is Verified from 5, Partial Info at 3-4, Basic Info below', () => {
    expect([6, 5, 4, 3, 2, 0].map(verificationLevel)).toEqual([
      'verified',
      'verified',
      'partial',
      'partial',
      'basic',
      'basic',
    ]);
  });
});

describe('check sizes', () => {
  it('shows "$Xk to $Yk" as "XK - YK"', () => {
    expect(formatCheckSize('$50k to $250k')).toBe('50K - 250K');
    expect(formatCheckSize('$1m to $3M')).toBe('1M - 3M');
    expect(formatCheckSize('$500k - $2m')).toBe('500K - 2M');
    expect(formatCheckSize('$1,000k to $2,500k')).toBe('1000K - 2500K');
  });
  it('keeps anything else as found, and nothing as nothing', () => {
    expect(formatCheckSize('varies')).toBe('varies');
    expect(formatCheckSize(null)).toBeNull();
  });
});

describe('dedupe identity', () => {
  it('prefers the lower-cased email, then the LinkedIn profile path', () => {
    expect(investorIdentity({ email: ' Ada@VC.com ', linkedin: 'https://linkedin.com/in/ada' })).toBe('email:ada@vc.com');
    expect(investorIdentity({ email: null, linkedin: 'https://www.linkedin.com/in/Ada/' })).toBe(
      investorIdentity({ email: null, linkedin: 'https://linkedin.com/in/ada' }),
    );
    expect(investorIdentity({ email: null, linkedin: null })).toBeNull();
  });
});

it('makes initials for the avatar fallback', () => {
  expect(initialsOf('Ada Lovelace')).toBe('AL');
  expect(initialsOf('  maria  de la Cruz ')).toBe('MC');
  expect(initialsOf('Zed')).toBe('Z');
  expect(initialsOf('')).toBe('?');
});
