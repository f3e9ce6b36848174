import { FREE_TRIAL_DAYS } from '@cofounder/shared';

/*
 * The landing page's words (spec 1 §1). Every number is a claim of the spec; the trial length is the one shared
 * FREE_TRIAL_DAYS (ARCHITECTURE resolves the landing's "7 days" against the pricing page's 2 days to it).
 */

export const HERO = {
  title: 'Your AI Intern That Builds Your Startup',
  lead: 'An autonomous AI intern that codes, markets, finds investors and helps you scale — working on your startup around the clock.',
  signedOut: 'Get Your AI Intern Free',
  signedIn: 'Go to Dashboard',
  howLink: 'See How Your AI Intern Works',
  trialNote: `${FREE_TRIAL_DAYS}-day free trial · No credit card required`,
} as const;

export const METRICS = [
  { value: '87%', label: 'Faster to a first version' },
  { value: '2.5x', label: 'Revenue growth' },
  { value: '300+', label: 'Startups launched' },
  { value: '4.8x', label: 'Return on investment' },
  { value: '67%', label: 'Reduced costs' },
  { value: '3.2x', label: 'Faster user growth' },
  { value: '94%', label: 'Analysis accuracy' },
] as const;

export const COMPARISON = [
  { aspect: 'Availability', ai: 'Works 24/7, weekends included', human: 'Office hours, with time off' },
  { aspect: 'Ramp-up', ai: 'Onboarded in 24-48 hours', human: 'Weeks of training' },
  {
    aspect: 'Skills',
    ai: 'Code, marketing, research, sales and fundraising',
    human: 'Usually one specialty',
  },
  { aspect: 'Tools', ai: 'Integrates with over 200 tools', human: 'Learns your tools one by one' },
  {
    aspect: 'Commitment',
    ai: 'Month-to-month, cancel any time',
    human: 'Hiring, contracts and notice periods',
  },
  { aspect: 'Your IP', ai: 'You keep 100% ownership', human: 'Needs an IP assignment agreement' },
] as const;

export type CapabilityIcon = 'code' | 'market' | 'investors' | 'research' | 'sales' | 'scale';

export const CAPABILITIES: { icon: CapabilityIcon; title: string; text: string }[] = [
  {
    icon: 'code',
    title: 'Builds Your Product',
    text: 'Writes and ships code for your first version, 87% faster than going it alone.',
  },
  {
    icon: 'market',
    title: 'Markets Your Startup',
    text: 'Drafts posts and campaigns and publishes them to your connected social accounts.',
  },
  {
    icon: 'investors',
    title: 'Finds Investors',
    text: 'Researches investors that fit your stage and drafts the outreach for you.',
  },
  {
    icon: 'research',
    title: 'Researches Your Market',
    text: 'Maps competitors, customers and trends with 94% analysis accuracy.',
  },
  {
    icon: 'sales',
    title: 'Drives Sales',
    text: 'Finds leads, writes follow-ups and keeps your pipeline moving.',
  },
  {
    icon: 'scale',
    title: 'Scales With You',
    text: 'Takes on more work as you grow, for 3.2x faster user growth.',
  },
];

export const STEPS = [
  {
    title: 'Onboard the Vision',
    text: 'Tell your intern about you, your idea and your goals. Onboarding takes 24-48 hours.',
  },
  {
    title: 'Strategic Plan',
    text: 'It turns your vision into a prioritised plan of tasks across product, marketing and fundraising.',
  },
  {
    title: 'Execute with AI',
    text: 'It works through the plan on its own, asking for your approval before anything goes out.',
  },
  {
    title: 'Scale and Optimize',
    text: 'It measures what works, doubles down on it and grows the work with your startup.',
  },
] as const;

/** The spec's three testimonial cards (spec 1 §1), invented examples: TESTIMONIALS_NOTE says so above them. */
export const TESTIMONIALS = [
  {
    quote:
      'We went from an idea to a working first version in three weeks. My intern wrote most of the code while I talked to customers.',
    name: 'Maya Okafor',
    role: 'Founder, Ledgerly',
  },
  {
    quote:
      'It found and researched forty investors that fit our stage and drafted every first email. We closed our pre-seed two months later.',
    name: 'Daniel Reyes',
    role: 'CEO, Fieldnote',
  },
  {
    quote:
      'Our social posts went out every day without me thinking about it, and signups grew faster than they ever had.',
    name: 'Priya Natarajan',
    role: 'Co-founder, Tandem Health',
  },
] as const;

export const FAQ = [
  {
    question: 'Is there a long-term contract?',
    answer:
      'No. Plans are month-to-month with no long-term contract, and you can upgrade, downgrade or cancel at any time.',
  },
  {
    question: 'How long does onboarding take?',
    answer:
      'Onboarding takes 24-48 hours. Your intern learns about you, your idea and your goals, then builds your first plan.',
  },
  {
    question: 'Which tools does the AI intern work with?',
    answer: 'It integrates with over 200 tools, including the social platforms you connect for posting.',
  },
  {
    question: 'Who owns the work my AI intern creates?',
    answer: 'You do. You keep 100% ownership of the intellectual property your intern generates.',
  },
  {
    question: 'Can I try it before paying?',
    answer: `Yes. The free trial lasts ${FREE_TRIAL_DAYS} days, needs no credit card and gives you full access to all features.`,
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. Upgrade, downgrade or cancel any time from Settings; there is no contract to break.',
  },
] as const;

export const FINAL_CTA = {
  title: 'Ready to Meet Your AI Intern?',
  text: `Start your ${FREE_TRIAL_DAYS}-day free trial today. No credit card required, full access to all features.`,
  signedOut: 'Get Started Free',
  signedIn: 'Go to Dashboard',
} as const;
