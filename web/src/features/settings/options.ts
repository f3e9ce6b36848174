import type { InternSettings } from '@cofounder/shared';

/** One choice of a settings field with the short explanation shown under it. */
export interface SettingOption<V extends string> {
  value: V;
  label: string;
  hint: string;
}

type Field<K extends keyof InternSettings> = readonly SettingOption<InternSettings[K] & string>[];

export const COMMUNICATION_STYLES: Field<'communicationStyle'> = [
  { value: 'direct', label: 'Direct', hint: 'Straight to the point, no pleasantries.' },
  { value: 'balanced', label: 'Balanced', hint: 'Clear answers with a little context.' },
  { value: 'supportive', label: 'Supportive', hint: 'Encouraging, celebrates your progress.' },
];

export const FORMALITY_LEVELS: Field<'formalityLevel'> = [
  { value: 'casual', label: 'Casual', hint: 'Relaxed, like a friend on your team.' },
  { value: 'professional', label: 'Professional', hint: 'Friendly but businesslike.' },
  { value: 'formal', label: 'Formal', hint: 'Polished language, no contractions.' },
];

export const RESPONSE_LENGTHS: Field<'responseLength'> = [
  { value: 'brief', label: 'Brief', hint: 'The two most important points.' },
  { value: 'medium', label: 'Medium', hint: 'A few points with the essentials.' },
  { value: 'detailed', label: 'Detailed', hint: 'More points, each with the reason why.' },
];

export const PRIORITY_FOCUSES: Field<'priorityFocus'> = [
  { value: 'balanced', label: 'Balanced', hint: 'Weigh every part of the business evenly.' },
  { value: 'growth', label: 'Growth', hint: 'Users and revenue first.' },
  { value: 'efficiency', label: 'Efficiency', hint: 'Cheapest version first, automate what repeats.' },
  { value: 'innovation', label: 'Innovation', hint: 'Bold moves competitors would not try.' },
  { value: 'stability', label: 'Stability', hint: 'Legal and operational basics before scaling.' },
];
