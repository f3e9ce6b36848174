import { USAGE_THRESHOLDS, type PlanId } from '../constants.ts';

export type UsageBarColor = 'red' | 'amber' | 'green' | 'blue';

/** Spec 1 §9: red at 90% or when the server sent a warning, amber from 75%, green from 50%, blue below. */
export function usageBarColor(percentage: number, hasWarning = false): UsageBarColor {
  if (hasWarning || percentage >= USAGE_THRESHOLDS.red) return 'red';
  if (percentage >= USAGE_THRESHOLDS.amber) return 'amber';
  if (percentage >= USAGE_THRESHOLDS.green) return 'green';
  return 'blue';
}

/** The bar's width in percent: capped at 100 (spec 1 §9), never negative, 0 for nonsense input. */
export function usageBarWidth(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.min(100, Math.max(0, percentage));
}

/** The usage panel's texts of spec 1 §8. */
export const USAGE_TEXT = {
  signedOut: 'Please log in to view usage limits',
  loadFailed: 'Failed to load usage data',
} as const;

/** The panel's text when the usage call failed with an HTTP status (spec 1 §8 "Usage panel"). */
export function usageFetchErrorText(status: number): string {
  return status === 401 ? USAGE_TEXT.signedOut : `Failed to fetch usage data: ${status}`;
}

/** The panel's text when the server answered `success: false`: its reason, or the generic text. */
export function usageFailureText(serverError: string | null | undefined): string {
  return serverError?.trim() || USAGE_TEXT.loadFailed;
}

/** Spec 1 §6: the upgrade prompt appears only for the starter and free trial plans. */
export function showsUpgradePrompt(plan: PlanId): boolean {
  return plan === 'free_trial' || plan === 'starter';
}

/** The panel's text for a failed usage call: by HTTP status when it has one (ApiError), else the generic text. */
export function usageErrorText(error: unknown): string {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? usageFetchErrorText(status) : USAGE_TEXT.loadFailed;
}
