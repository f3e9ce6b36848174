/** Query keys of onboarding state. */
export const onboardingKeys = {
  status: (userId: string) => ['onboarding', 'status', userId] as const,
};
