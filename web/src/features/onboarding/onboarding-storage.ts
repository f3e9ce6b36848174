import { parseDraft, STORAGE_KEYS, type OnboardingDraft } from '@cofounder/shared';

/** The local completion flag of spec 1 §3 (`onboarding_completed_{userId}`). */
export function isOnboardingCompleteLocally(userId: string): boolean {
  return localStorage.getItem(STORAGE_KEYS.onboardingCompleted(userId)) === 'true';
}

export function markOnboardingCompleteLocally(userId: string): void {
  localStorage.setItem(STORAGE_KEYS.onboardingCompleted(userId), 'true');
}

/** The wizard's draft profile (`user_profile_{userId}`), so a reload resumes where the founder was. */
export function loadDraft(userId: string): OnboardingDraft | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userProfile(userId));
  if (raw === null) return null;
  try {
    return parseDraft(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: OnboardingDraft): void {
  localStorage.setItem(STORAGE_KEYS.userProfile(userId), JSON.stringify(draft));
}
