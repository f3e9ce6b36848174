import { INVESTORS } from '../constants.ts';
import type { VerificationLevel } from '../schemas/investors.ts';

export * from './investor-match.ts';

/** The parts of an investor the verification score looks at (spec 2 §3). */
export interface VerifiableInvestor {
  email: string | null;
  linkedin: string | null;
  firm: string | null;
  portfolio: readonly string[];
  thesis: string | null;
  focus: readonly string[];
}

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** Email 1, LinkedIn 2, firm 1, a non-empty portfolio 1, a thesis or focus 1. */
export function verificationScore(i: VerifiableInvestor): number {
  const p = INVESTORS.verificationPoints;
  return (
    (present(i.email) ? p.email : 0) +
    (present(i.linkedin) ? p.linkedin : 0) +
    (present(i.firm) ? p.firm : 0) +
    (i.portfolio.some(present) ? p.portfolio : 0) +
    (present(i.thesis) || i.focus.some(present) ? p.thesisOrFocus : 0)
  );
}

/** ≥ 5 Verified, 3-4 Partial Info, lower Basic Info. */
export function verificationLevel(score: number): VerificationLevel {
  if (score >= INVESTORS.verificationLevels.verified) return 'verified';
  if (score >= INVESTORS.verificationLevels.partial) return 'partial';
  return 'basic';
}

export const VERIFICATION_LABELS: Record<VerificationLevel, string> = {
  verified: 'Verified',
  partial: 'Partial Info',
  basic: 'Basic Info',
};

/** "$50k to $250k" → "50K - 250K", "$1m to $3m" → "1M - 3M"; anything else is shown as found. */
export function formatCheckSize(check: string | null): string | null {
  if (!check) return null;
  const m = /^\s*\$?\s*([\d.,]+)\s*([kmb])?\s*(?:to|-|–)\s*\$?\s*([\d.,]+)\s*([kmb])?\s*$/i.exec(check);
  if (!m) return check.trim();
  const part = (n: string, unit: string | undefined) => `${n.replace(/,/g, '')}${(unit ?? '').toUpperCase()}`;
  return `${part(m[1]!, m[2] ?? m[4])} - ${part(m[3]!, m[4])}`;
}

/** Who an investor is for deduplication: the lower-cased email, else the LinkedIn profile path, else null. */
export function investorIdentity(i: { email: string | null; linkedin: string | null }): string | null {
  if (present(i.email)) return `email:${i.email!.trim().toLowerCase()}`;
  if (present(i.linkedin)) {
    try {
      const url = new URL(i.linkedin!.trim());
      return `linkedin:${url.hostname.replace(/^www\./, '').toLowerCase()}${url.pathname.replace(/\/+$/, '').toLowerCase()}`;
    } catch {
      return `linkedin:${i.linkedin!.trim().toLowerCase()}`;
    }
  }
  return null;
}

/** Initials for the avatar fallback: "Ada Lovelace" → "AL". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]![0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}
