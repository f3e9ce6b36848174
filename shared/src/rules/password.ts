import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** The five strength criteria of spec 1 §4, in display order. */
export const PASSWORD_CRITERIA = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type StrengthTone = 'red' | 'amber' | 'blue' | 'green';

export interface PasswordStrength {
  /** How many of the five criteria hold (0-5). */
  score: number;
  label: StrengthLabel;
  tone: StrengthTone;
  /** Each criterion with whether it holds, for the checklist under the meter. */
  criteria: { id: string; label: string; met: boolean }[];
}

/** Scores a password on the five criteria: ≤2 Weak (red), 3 Fair (amber), 4 Good, 5 Strong (green). */
export function passwordStrength(password: string): PasswordStrength {
  const criteria = PASSWORD_CRITERIA.map((c) => ({ id: c.id, label: c.label, met: c.test(password) }));
  const score = criteria.filter((c) => c.met).length;
  if (score <= 2) return { score, label: 'Weak', tone: 'red', criteria };
  if (score === 3) return { score, label: 'Fair', tone: 'amber', criteria };
  if (score === 4) return { score, label: 'Good', tone: 'blue', criteria };
  return { score, label: 'Strong', tone: 'green', criteria };
}
