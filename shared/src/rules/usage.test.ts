import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../constants.ts';
import {
  showsUpgradePrompt,
  usageBarColor,
  usageBarWidth,
  usageFailureText,
  usageFetchErrorText,
} from './usage.ts';

describe('usage bar', () => {
  it.each([
    [0, false, 'blue'],
    [49.9, false, 'blue'],
    [50, false, 'green'],
    [74, false, 'green'],
    [75, false, 'amber'],
    [89, false, 'amber'],
    [90, false, 'red'],
    [100, false, 'red'],
    [10, true, 'red'],
  ] as const)('%d%% with warning %s is %s', (percentage, warning, color) => {
    expect(usageBarColor(percentage, warning)).toBe(color);
  });

  it('caps the width at 100 and never goes below 0', () => {
    expect(usageBarWidth(250)).toBe(100);
    expect(usageBarWidth(42.5)).toBe(42.5);
    expect(usageBarWidth(-3)).toBe(0);
    expect(usageBarWidth(Number.NaN)).toBe(0);
  });
});

describe('usage panel texts', () => {
  it('maps statuses and server failures to the spec texts', () => {
    expect(usageFetchErrorText(401)).toBe('Please log in to view usage limits');
    expect(usageFetchErrorText(500)).toBe('Failed to fetch usage data: 500');
    expect(usageFailureText('Plan not found')).toBe('Plan not found');
    expect(usageFailureText('')).toBe('Failed to load usage data');
    expect(usageFailureText(undefined)).toBe('Failed to load usage data');
  });

  it('offers an upgrade only on the free trial and starter plans', () => {
    expect(PLAN_IDS.map(showsUpgradePrompt)).toEqual([true, true, false, false]);
  });
});
