import { describe, expect, it } from 'vitest';
import { dateSeparatorLabel, messageTime, shortDate, showsTimestamp, threadItems } from './chat-time.ts';

// Local-time constructors keep these tests true in every time zone.
const NOW = new Date(2025, 2, 10, 12, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();

describe('date separators', () => {
  it('reads Today, Yesterday, or a short date', () => {
    expect(dateSeparatorLabel(at(10, 0, 1), NOW)).toBe('Today');
    expect(dateSeparatorLabel(at(9, 23, 59), NOW)).toBe('Yesterday');
    expect(dateSeparatorLabel(at(4, 9), NOW)).toBe('Mar 4');
    expect(shortDate(new Date(2024, 11, 31), NOW)).toBe('Dec 31, 2024');
  });
});

describe('time stamps', () => {
  it('shows a time for the first message and after gaps over five minutes only', () => {
    expect(showsTimestamp(undefined, at(10, 9))).toBe(true);
    expect(showsTimestamp(at(10, 9), at(10, 9, 5))).toBe(false);
    expect(showsTimestamp(at(10, 9), new Date(new Date(at(10, 9, 5)).getTime() + 1).toISOString())).toBe(
      true,
    );
  });

  it('formats the clock time', () => {
    expect(messageTime(at(10, 15, 4))).toMatch(/^3:04\sPM$/);
  });
});

describe('threadItems', () => {
  it('puts a separator before each new day and marks the time stamps', () => {
    const messages = [
      { id: 'a', timestamp: at(9, 22) },
      { id: 'b', timestamp: at(9, 22, 3) },
      { id: 'c', timestamp: at(10, 8) },
      { id: 'd', timestamp: at(10, 8, 10) },
    ];
    const items = threadItems(messages, NOW).map((i) =>
      i.kind === 'separator' ? i.label : `${i.message.id}${i.showTime ? '@' : ''}`,
    );
    expect(items).toEqual(['Yesterday', 'a@', 'b', 'Today', 'c@', 'd@']);
  });
});
