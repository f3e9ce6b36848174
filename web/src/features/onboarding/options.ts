import type { OnboardingProfile } from '@cofounder/shared';

/** What the wizard shows for each option value of spec 1 §5 (the values themselves are what is stored). */
export const ROLE_LABELS: Record<OnboardingProfile['role'], string> = {
  founder: 'Founder',
  employee: 'Employee',
  student: 'Student',
  freelancer: 'Freelancer',
  other: 'Other',
};

export const INDUSTRY_LABELS: Record<OnboardingProfile['industry'], string> = {
  tech: 'Tech',
  healthcare: 'Healthcare',
  fintech: 'Fintech',
  ecommerce: 'E-commerce',
  education: 'Education',
  saas: 'SaaS',
  other: 'Other',
};

export const GOAL_LABELS: Record<OnboardingProfile['goals'][number], string> = {
  validate: 'Validate my idea',
  build: 'Build my product',
  customers: 'Find customers',
  funding: 'Raise funding',
  scale: 'Scale my business',
  learn: 'Learn entrepreneurship',
};
