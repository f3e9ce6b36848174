import {
  ONBOARDING,
  type ONBOARDING_GOALS,
  type ONBOARDING_INDUSTRIES,
  type ONBOARDING_STAGES,
  type OnboardingProfile,
} from '@cofounder/shared';
import type { AiMessage } from '../port.ts';
import { firstName, firstUnder, ideaPhrase } from './text.ts';

/** The interview has four questions; after the fourth answer the co-founder knows enough to plan. */
export const ANSWERS_BEFORE_READY = 4;

const INDUSTRY_QUESTION: Record<(typeof ONBOARDING_INDUSTRIES)[number], string> = {
  tech: 'Who would switch to it first, and what do they use today?',
  healthcare: 'Who decides to adopt it: patients, clinicians or providers? And which data rules apply?',
  fintech: 'Whose money flow are you improving, and which regulations touch it?',
  ecommerce: 'What will you sell first, to whom, and how will they find your store?',
  education: 'Who pays: learners, parents or schools? And who uses it day to day?',
  saas: 'Which team would pay for it first, and what tool does it replace?',
  other: 'Who feels this problem most, and how do they cope with it today?',
};

const GOAL_QUESTION: Record<(typeof ONBOARDING_GOALS)[number], string> = {
  validate: 'What evidence would convince you the problem is real and worth paying for?',
  build: 'What is the smallest version you could ship in the next two weeks?',
  customers: 'Where do your first ten customers spend their time online?',
  funding: 'How much do you want to raise, and which milestone would it fund?',
  scale: 'What is the biggest bottleneck to your growth right now?',
  learn: 'Which part of building a startup feels least familiar to you?',
};

const STAGE_QUESTION: Record<(typeof ONBOARDING_STAGES)[number], string> = {
  'Just an idea': 'What would you need to see in 30 days to commit fully?',
  'Researching the market': 'Which competitor is closest to you, and where do they fall short?',
  'Building prototype': 'What is left before a real user can try the prototype?',
  'Have an MVP': 'How many people use the MVP, and what do they ask for most?',
  'Getting first customers': 'What has worked best so far to win a customer?',
  'Growing revenue': 'Which channel brings the most revenue, and what stops you doubling it?',
};

const ACKS = ['Got it.', 'Helpful, thanks.', 'Clear.'];

export interface OnboardingTurn {
  message: string;
  ready_to_work: boolean;
}

/** How many real answers the founder has given in the interview so far. */
export const answersIn = (messages: AiMessage[]): number =>
  messages.filter((m) => m.role === 'user' && m.content.trim() !== '').length;

/**
 * The next interview turn: the problem, then the customer (by industry), then the founder's first goal,
 * then their stage, each under ONBOARDING.maxReplyWords; after ANSWERS_BEFORE_READY answers, the ready signal.
 */
export function onboardingTurn(profile: OnboardingProfile | null, messages: AiMessage[]): OnboardingTurn {
  const answers = answersIn(messages);
  const name = firstName(profile);
  const hello = name ? `Hi ${name}!` : 'Hi!';
  const limit = ONBOARDING.maxReplyWords;
  if (answers >= ANSWERS_BEFORE_READY) {
    const message = firstUnder(limit, [
      `Thanks${name ? ` ${name}` : ''}, I have what I need. Let's build your first plan for ${ideaPhrase(profile, 5)}!`,
      `Thanks${name ? ` ${name}` : ''}, I have what I need. Let's build your first plan!`,
    ]);
    return { message, ready_to_work: true };
  }
  if (answers === 0) {
    const message = firstUnder(limit, [
      `${hello} In 1-2 sentences, what problem does ${ideaPhrase(profile, 6)} solve, and for whom?`,
      `${hello} In 1-2 sentences, what problem are you solving, and for whom?`,
    ]);
    return { message, ready_to_work: false };
  }
  const question =
    answers === 1
      ? INDUSTRY_QUESTION[profile?.industry ?? 'other']
      : answers === 2
        ? GOAL_QUESTION[profile?.goals[0] ?? 'validate']
        : STAGE_QUESTION[profile?.stage ?? 'Just an idea'];
  const ack = ACKS[(answers - 1) % ACKS.length]!;
  return { message: firstUnder(limit, [`${ack} ${question}`, question]), ready_to_work: false };
}
