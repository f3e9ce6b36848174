import type { OnboardingProfile } from '@cofounder/shared';

// The founders the cases speak for: four different businesses, so an answer about the wrong one shows.

/** A US invoicing product for freelancers (the founder of the observations). */
export const FREELANCE: Partial<OnboardingProfile> = {
  name: 'Maya Chen',
  idea: 'Invoicing app for freelance designers in the US',
  industry: 'fintech',
  goals: ['customers', 'funding'],
  stage: 'Have an MVP',
};

export const BAKERY: Partial<OnboardingProfile> = {
  name: 'Ada Lovelace',
  idea: 'An app that helps bakeries cut food waste',
  industry: 'saas',
  goals: ['validate'],
  stage: 'Just an idea',
};

export const CLINIC: Partial<OnboardingProfile> = {
  name: 'Sam Okafor',
  idea: 'Scheduling software for small physiotherapy clinics',
  industry: 'healthcare',
  goals: ['validate', 'build'],
  stage: 'Building prototype',
};

export const TUTORING: Partial<OnboardingProfile> = {
  name: 'Lena Park',
  idea: 'A marketplace that matches high school students with math tutors',
  industry: 'education',
  goals: ['customers', 'scale'],
  stage: 'Researching the market',
};

/** Words that belong to the other founders' businesses: an answer for the freelance founder never has them. */
export const NOT_FREELANCE = ['bakery', 'bakeries', 'clinician', 'physiotherapy', 'teacher', 'tutor', 'supplier'];
