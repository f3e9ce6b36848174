import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd } from './numbers.ts';

describe('number texts', () => {
  it('groups thousands like en-US', () => {
    for (const n of [0, 7, 999, 1000, 1910, 25000, 1234567, 1000000000])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('prints dollars whole, or to the cent', () => {
    expect(formatUsd(29)).toBe('$29');
    expect(formatUsd(1910)).toBe('$1,910');
    expect(formatUsd(23.17)).toBe('$23.17');
    expect(formatUsd(23.1)).toBe('$23.10');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
  });
});
