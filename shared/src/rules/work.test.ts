import { describe, expect, it } from 'vitest';
import {
  compactPreview,
  formatCost,
  percentOf,
  priorityBucket,
  relativeTime,
  ringOffset,
  successRate,
  taskCostText,
  totalCostText,
} from './work.ts';

const now = new Date('2025-06-15T12:00:00');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const H = 3_600_000;

describe('relativeTime', () => {
  it('says "Just now" under an hour', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(H - 1), now)).toBe('Just now');
  });
  it('counts hours under a day', () => {
    expect(relativeTime(ago(H), now)).toBe('1h ago');
    expect(relativeTime(ago(24 * H - 1), now)).toBe('23h ago');
  });
  it('counts days under a week', () => {
    expect(relativeTime(ago(24 * H), now)).toBe('1d ago');
    expect(relativeTime(ago(7 * 24 * H - 1), now)).toBe('6d ago');
  });
  it('shows a short date from a week on', () => {
    expect(relativeTime(ago(7 * 24 * H), now)).toBe('Jun 8');
    expect(relativeTime(new Date('2024-12-01T12:00:00').toISOString(), now)).toBe('Dec 1, 2024');
  });
  it('treats a time slightly in the future as just now', () => {
    expect(relativeTime(ago(-5000), now)).toBe('Just now');
  });
});

describe('priorityBucket', () => {
  it('puts 8-10 high, 5-7 medium, 1-4 low', () => {
    expect([10, 8, 7, 5, 4, 1].map(priorityBucket)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });
});

describe('percentOf and ringOffset', () => {
  it('rounds percentages and is 0 without a total', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
  it('maps a percent onto the 314 circumference', () => {
    expect(ringOffset(0)).toBe(314);
    expect(ringOffset(50)).toBe(157);
    expect(ringOffset(100)).toBe(0);
    expect(ringOffset(150)).toBe(0);
  });
});

describe('compactPreview', () => {
  it('keeps short text and cuts long text at 80 characters', () => {
    expect(compactPreview('Short post')).toBe('Short post');
    const long = 'a'.repeat(100);
    expect(compactPreview(long)).toBe(`${'a'.repeat(80)}...`);
  });
  it('flattens line breaks', () => {
    expect(compactPreview('Line one\n\nLine two')).toBe('Line one Line two');
  });
});

describe('formatCost', () => {
  it('shows fractions of a cent and whole dollars', () => {
    expect(formatCost(0.0123)).toBe('$0.0123');
    expect(formatCost(12.5)).toBe('$12.50');
  });

  it('says "unknown price" for work by a model without a known price, never $0', () => {
    expect(taskCostText({ costUsd: 0.0042, priceKnown: true })).toBe('$0.0042');
    expect(taskCostText({ costUsd: 0, priceKnown: false })).toBe('unknown price');
    expect(totalCostText({ costUsd: 0.5, unpricedTasks: 0 })).toBe('$0.5000');
    expect(totalCostText({ costUsd: 0, unpricedTasks: 1 })).toBe('unknown price (1 task)');
    expect(totalCostText({ costUsd: 2.25, unpricedTasks: 3 })).toBe('$2.25 + unknown price (3 tasks)');
  });
});

describe('successRate', () => {
  it('counts only tasks that reached their goal, not drafts that need the founder\'s input', () => {
    // 8 tasks, 7 completed of which 6 are offline drafts: 13 %, where completed / total would say 88 %.
    expect(successRate({ achieved: 1, total: 8 })).toBe(13);
    expect(successRate({ achieved: 0, total: 8 })).toBe(0);
    expect(successRate({ achieved: 3, total: 4 })).toBe(75);
    expect(successRate({ achieved: 0, total: 0 })).toBe(0);
  });
});
