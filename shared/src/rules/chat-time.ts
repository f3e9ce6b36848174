import { CHAT } from '../constants.ts';

/** Dates and times in chat use one locale, so "Mar 4" reads the same for every user and in tests. */
const LOCALE = 'en-US';

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A short date: "Mar 4" this year, "Mar 4, 2024" in another year (local time). */
export function shortDate(date: Date, now: Date = new Date()): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(LOCALE, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The date separator's label (spec 1 §9): Today, Yesterday, or a short date. */
export function dateSeparatorLabel(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return shortDate(date, now);
}

/** The clock time shown beside a message, e.g. "3:04 PM". */
export function messageTime(timestamp: string): string {
  return new Date(timestamp).toLocaleTimeString(LOCALE, { hour: 'numeric', minute: '2-digit' });
}

/** A message shows its time when it opens the thread or comes more than 5 minutes after the previous one. */
export function showsTimestamp(previous: string | undefined, current: string): boolean {
  if (previous === undefined) return true;
  return new Date(current).getTime() - new Date(previous).getTime() > CHAT.timestampGapMs;
}

export type ThreadItem<M> =
  | { kind: 'separator'; key: string; label: string }
  | { kind: 'message'; key: string; message: M; showTime: boolean };

/** Lays out a thread: a date separator before the first message of each local day, and the time stamps. */
export function threadItems<M extends { id: string; timestamp: string }>(
  messages: readonly M[],
  now: Date = new Date(),
): ThreadItem<M>[] {
  const items: ThreadItem<M>[] = [];
  let previous: M | undefined;
  for (const message of messages) {
    const day = startOfDay(new Date(message.timestamp));
    if (!previous || startOfDay(new Date(previous.timestamp)) !== day) {
      items.push({ kind: 'separator', key: `day-${day}`, label: dateSeparatorLabel(message.timestamp, now) });
    }
    items.push({
      kind: 'message',
      key: message.id,
      message,
      showTime: showsTimestamp(previous?.timestamp, message.timestamp),
    });
    previous = message;
  }
  return items;
}
