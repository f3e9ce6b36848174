import { PRIORITY, WORK } from '../constants.ts';
import { shortDate } from './chat-time.ts';

const HOUR = 3_600_000;

/** Relative time of spec 1 §9: "Just now" under 1 h, "Nh ago" under 24 h, "Nd ago" under 7 d, else a short date. */
export function relativeTime(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < 24 * HOUR) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * 24 * HOUR) return `${Math.floor(elapsed / (24 * HOUR))}d ago`;
  return shortDate(date, now);
}

export const PRIORITY_BUCKETS = ['high', 'medium', 'low'] as const;
export type PriorityBucket = (typeof PRIORITY_BUCKETS)[number];

/** The priority filter bucket of spec 2 §5: high 8-10, medium 5-7, low 1-4. */
export function priorityBucket(priority: number): PriorityBucket {
  if (priority >= PRIORITY.high.min) return 'high';
  if (priority >= PRIORITY.medium.min) return 'medium';
  return 'low';
}

/** A whole percent of part in total; 0 when there is nothing yet. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** The success ring's stroke offset for a percent (circumference 314, spec 2 §9): full ring = 0 offset. */
export function ringOffset(percent: number): number {
  const clamped = Math.min(100, Math.max(0, percent));
  return WORK.successRingCircumference * (1 - clamped / 100);
}

/** A compact activity preview: the text cut at 80 characters with an ellipsis (spec 2 §9). */
export function compactPreview(text: string, max: number = WORK.compactPreviewChars): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}...` : flat;
}

/** A cost in US dollars with enough digits to show fractions of a cent. */
export function formatCost(usd: number): string {
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

/** One task's estimated cost, or "unknown price" when a model without a known price did the work. */
export function taskCostText({ costUsd, priceKnown }: { costUsd: number; priceKnown: boolean }): string {
  return priceKnown ? formatCost(costUsd) : WORK.unknownPriceText;
}

/** The cost of all tasks: the priced part, and "unknown price" for the part no price list covers. */
export function totalCostText({ costUsd, unpricedTasks }: { costUsd: number; unpricedTasks: number }): string {
  if (unpricedTasks === 0) return formatCost(costUsd);
  const unknown = `${WORK.unknownPriceText} (${unpricedTasks} task${unpricedTasks === 1 ? '' : 's'})`;
  return costUsd > 0 ? `${formatCost(costUsd)} + ${unknown}` : unknown;
}

/**
 * The Work screen's Success Rate: tasks that reached their goal out of all tasks, as a whole percent. Drafts that
 * still need the founder's input are completed by status but are not a success.
 */
export function successRate(counts: { achieved: number; total: number }): number {
  return percentOf(counts.achieved, counts.total);
}

/**
 * A paused task that waits for a plan, not an account: it needs no platform (investor research below Builder pauses
 * so). Connecting an account does not resume it; a plan that allows the work does.
 */
export const waitsForUpgrade = (task: { status: string; requiredPlatforms: readonly string[] }): boolean =>
  task.status === 'paused_login_required' && task.requiredPlatforms.length === 0;
