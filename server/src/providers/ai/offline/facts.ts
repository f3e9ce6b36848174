import type { ONBOARDING_INDUSTRIES, ONBOARDING_STAGES, OnboardingProfile } from '@cofounder/shared';

// What the offline co-founder knows about each industry and stage, shared by its advice and its drafts.

export type Industry = (typeof ONBOARDING_INDUSTRIES)[number];
export type Stage = (typeof ONBOARDING_STAGES)[number];

export const industryOf = (p: OnboardingProfile | null): Industry => p?.industry ?? 'other';
export const stageOf = (p: OnboardingProfile | null): Stage => p?.stage ?? 'Just an idea';
/** Before a product exists: evidence comes from conversations, not usage. */
export const isEarly = (p: OnboardingProfile | null): boolean => ['Just an idea', 'Researching the market'].includes(stageOf(p));

const INDUSTRY_WORD: Record<Industry, string> = {
  tech: 'tech',
  healthcare: 'healthcare',
  fintech: 'fintech',
  ecommerce: 'e-commerce',
  education: 'education',
  saas: 'SaaS',
  other: '',
};

/** A noun qualified by the founder's industry: "SaaS buyers", "e-commerce startups", plain "buyers" for other. */
export const industryNoun = (p: OnboardingProfile | null, noun: string): string =>
  [INDUSTRY_WORD[industryOf(p)], noun].filter(Boolean).join(' ');

export const CHANNELS: Record<Industry, string> = {
  tech: 'developer communities, Hacker News and Twitter',
  healthcare: 'clinician networks, conferences and LinkedIn',
  fintech: 'finance communities, partnerships and content about the compliance pain you remove',
  ecommerce: 'Instagram, TikTok, Reddit and the marketplaces your buyers already use',
  education: 'teacher communities, school districts and Reddit',
  saas: 'LinkedIn, search content and integration marketplaces',
  other: 'the online communities where your customers already gather',
};

export const NEXT_MILESTONE: Record<Stage, string> = {
  'Just an idea': 'validate the problem with 10 customer conversations',
  'Researching the market': 'pick one segment and write the MVP scope',
  'Building prototype': 'get the prototype in front of 5 real users',
  'Have an MVP': 'turn MVP users into paying customers',
  'Getting first customers': 'find a repeatable channel for the next 10 customers',
  'Growing revenue': 'double down on the channel that brings the most revenue',
};

/** Where the startup is, to follow "Where we are:" in a post. */
export const STAGE_NOW: Record<Stage, string> = {
  'Just an idea': 'talking to people who have the problem before building anything',
  'Researching the market': 'researching the market and choosing who to serve first',
  'Building prototype': 'building the first prototype',
  'Have an MVP': 'a working MVP and the first users trying it',
  'Getting first customers': 'signing our first customers',
  'Growing revenue': 'growing revenue month by month',
};

export const HASHTAG: Record<Industry, string> = {
  tech: '#tech',
  healthcare: '#healthtech',
  fintech: '#fintech',
  ecommerce: '#ecommerce',
  education: '#edtech',
  saas: '#SaaS',
  other: '#startup',
};
