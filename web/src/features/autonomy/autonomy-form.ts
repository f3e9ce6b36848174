import { AUTONOMY, ENERGY_LEVELS, type AutonomySettings, type FocusArea } from '@cofounder/shared';

/** The editable part of the autonomy settings. */
export interface AutonomyDraft {
  productivity: number;
  intervalHours: number;
  focusAreas: FocusArea[];
  priorityMin: number;
  priorityMax: number;
}

export const FOCUS_LABELS: Record<FocusArea, string> = {
  marketing: 'Marketing',
  investor_outreach: 'Investor Outreach',
  product_development: 'Product Development',
  strategy: 'Strategy',
};

export function draftOf(s: AutonomySettings): AutonomyDraft {
  return {
    productivity: s.productivity,
    intervalHours: s.intervalHours,
    focusAreas: [...s.preferences.focusAreas],
    priorityMin: s.preferences.priorityRange.min,
    priorityMax: s.preferences.priorityRange.max,
  };
}

/** Whether two drafts differ (focus areas compared as sets, in the spec's order). */
export function draftChanged(a: AutonomyDraft, b: AutonomyDraft): boolean {
  const areas = (d: AutonomyDraft) => AUTONOMY.focusAreas.filter((f) => d.focusAreas.includes(f)).join();
  return (
    a.productivity !== b.productivity ||
    a.intervalHours !== b.intervalHours ||
    a.priorityMin !== b.priorityMin ||
    a.priorityMax !== b.priorityMax ||
    areas(a) !== areas(b)
  );
}

/** The first problem of a draft, or null when it can be saved. */
export function draftError(d: AutonomyDraft): string | null {
  if (d.focusAreas.length === 0) return 'Choose at least one focus area.';
  if (d.priorityMin > d.priorityMax) return 'The minimum priority must not exceed the maximum.';
  if (!(d.intervalHours > 0) || d.intervalHours > 24 * 7)
    return 'The check-in interval must be 1 to 168 hours.';
  return null;
}

/** The settings body of a draft; the most tasks per check-in follows the chosen energy level. */
export function bodyOf(d: AutonomyDraft) {
  const level = ENERGY_LEVELS.find((l) => l.productivity === d.productivity) ?? ENERGY_LEVELS[1];
  return {
    productivity: d.productivity,
    intervalHours: d.intervalHours,
    preferences: {
      focusAreas: d.focusAreas,
      priorityRange: { min: d.priorityMin, max: d.priorityMax },
      maxTasksPerGeneration: level.maxPerGeneration,
    },
  };
}

/** "in 3h 20m" / "in 12m" / "now" for a time ahead (the check-in clock). */
export function timeUntil(iso: string, now: Date = new Date()): string {
  const minutes = Math.round((new Date(iso).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'now';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `in ${h}h${m ? ` ${m}m` : ''}` : `in ${m}m`;
}
