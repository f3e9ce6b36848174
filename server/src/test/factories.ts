import type { OnboardingProfile } from '@cofounder/shared';
import type { TestServer, TestServerOptions } from './server.ts';
import { call, signedInUser, type TestUser } from './users.ts';

/** A complete, valid wizard profile; override what a test is about. */
export const testProfile = (over: Partial<OnboardingProfile> = {}): OnboardingProfile => ({
  name: 'Ada Lovelace',
  role: 'founder',
  experience: 'First-time founder',
  idea: 'Surplus bread marketplace for bakeries',
  industry: 'ecommerce',
  goals: ['customers', 'funding'],
  stage: 'Have an MVP',
  ...over,
});

/**
 * The offline co-founder's founder in its own tests: an idea-stage SaaS for bakeries (replies quote its nouns, so
 * those tests read it word for word).
 */
export const bakeryProfile = (over: Partial<OnboardingProfile> = {}): OnboardingProfile => ({
  name: 'Ada Lovelace',
  role: 'founder',
  idea: 'An app that helps bakeries cut food waste',
  industry: 'saas',
  goals: ['validate'],
  stage: 'Just an idea',
  ...over,
});

/**
 * A signed-in user who skipped the interview (first plan stored) and completed onboarding; `prepare` runs between
 * the sign-up and the interview (the eval connects the founder's own model there).
 */
export async function onboardedUser(
  t: TestServer,
  profile: OnboardingProfile = testProfile(),
  prepare?: (user: TestUser) => Promise<void>,
): Promise<TestUser> {
  const user = await signedInUser(t);
  await prepare?.(user);
  const turn = await call(t, 'POST', `/api/onboarding/${user.id}`, {
    token: user.token,
    body: { role: 'user', text: '', skip_conversation: true, profile },
  });
  if (turn.status !== 200) throw new Error(`onboarding failed: ${turn.status} ${await turn.text()}`);
  const done = await call(t, 'POST', `/onboarding/${user.id}/complete`, { token: user.token });
  if (done.status !== 200) throw new Error(`completing onboarding failed: ${done.status}`);
  return user;
}

/** Test servers for chat areas: no auth rate limits (many sign-ups) and cheap password hashing. */
export const CHAT_TEST_OPTIONS: TestServerOptions = {
  env: { AUTH_RATE_LIMITS: 'false' },
  configure: (c) => {
    c.auth.bcryptCost = 4;
  },
};
