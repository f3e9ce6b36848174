import { describe, expect, it } from 'vitest';
import { periodEnd } from './period.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

describe('periodEnd (UTC)', () => {
  it('adds a calendar month, clamping to the end of a shorter month', () => {
    expect(day(periodEnd(utc('2025-01-31'), 'monthly'))).toBe('2025-02-28');
    expect(day(periodEnd(utc('2024-01-31'), 'monthly'))).toBe('2024-02-29');
    expect(day(periodEnd(utc('2025-03-31'), 'monthly'))).toBe('2025-04-30');
    expect(day(periodEnd(utc('2025-01-15'), 'monthly'))).toBe('2025-02-15');
    expect(day(periodEnd(utc('2025-12-31'), 'monthly'))).toBe('2026-01-31');
  });

  it('adds a calendar year, clamping Feb 29 to Feb 28', () => {
    expect(day(periodEnd(utc('2025-01-31'), 'yearly'))).toBe('2026-01-31');
    expect(day(periodEnd(utc('2024-02-29'), 'yearly'))).toBe('2025-02-28');
    expect(day(periodEnd(utc('2024-02-29'), 'yearly', 4))).toBe('2028-02-29');
  });

  it('counted from the anchor, keeps the anchor day after a short month', () => {
    expect(day(periodEnd(utc('2025-01-31'), 'monthly', 2))).toBe('2025-03-31');
    expect(day(periodEnd(utc('2025-01-31'), 'monthly', 3))).toBe('2025-04-30');
  });

  it('keeps the time of day', () => {
    const from = new Date('2025-01-31T23:59:58.123Z');
    expect(periodEnd(from, 'monthly').toISOString()).toBe('2025-02-28T23:59:58.123Z');
  });
});
