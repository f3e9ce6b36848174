import { POST_LIMITS, type OnboardingProfile } from '@cofounder/shared';
import type {
  CodingSpec,
  InvestorPlan,
  MarketingPosts,
  ResearchBrief,
  SalesProspects,
} from '../agent-outputs.ts';
import { ideaPhrase } from './text.ts';

// The offline co-founder's agent work: deterministic, built from the founder's profile and the task, so a
// local install produces real, readable results without a model. Nothing here pretends to have browsed.

const who = (p: OnboardingProfile | null): string =>
  p ? `early adopters in ${p.industry}` : 'early adopters who feel the problem most';
const industry = (p: OnboardingProfile | null): string => p?.industry ?? 'your industry';

export function researchBrief(p: OnboardingProfile | null, task: string): ResearchBrief {
  const idea = ideaPhrase(p);
  return {
    summary: `Research brief for ${idea}: ${task}`.slice(0, 400),
    market: `${idea} sits in ${industry(p)}. Size the market bottom-up: count the ${who(p)} you can reach, times what each would pay per year.`,
    customers: `Start with ${who(p)}. Look for people who already spend time or money working around the problem today.`,
    competitors: [
      'The spreadsheet or manual process your customers use today',
      `Established tools in ${industry(p)} that cover part of the job`,
      'Doing nothing: the cost of living with the problem',
    ],
    risks: [
      'Customers may not feel the problem strongly enough to switch',
      'Reaching the first customers may cost more than planned',
    ],
    nextSteps: [
      'Interview 5 potential customers this week',
      'Write down the three riskiest assumptions and how to test each',
      'List 10 competitors and their prices',
    ],
    sources: [],
  };
}

export function marketingPosts(p: OnboardingProfile | null, task: string): MarketingPosts {
  const idea = ideaPhrase(p, 6);
  const tweet = `Building ${idea} for ${who(p)}. What is the most annoying part of your day we should fix first? Replies welcome.`;
  return {
    summary: `Drafted posts for: ${task}`.slice(0, 400),
    tweets: [
      {
        text:
          tweet.length <= POST_LIMITS.tweetMaxChars
            ? tweet
            : `${tweet.slice(0, POST_LIMITS.tweetMaxChars - 3)}...`,
        reasoning: 'A question invites replies, which tell us what to build first.',
      },
    ],
    redditPosts: [
      {
        subreddit: 'startups',
        title: `Feedback wanted: ${idea}`.slice(0, 300),
        body: `Hi all, I'm working on ${idea} for ${who(p)}.\n\nWhat would make you try something like this? Honest feedback welcome.`,
        reasoning: 'r/startups welcomes honest feedback requests from founders.',
      },
    ],
  };
}

export function salesProspects(p: OnboardingProfile | null, task: string): SalesProspects {
  const idea = ideaPhrase(p, 6);
  return {
    summary: `Prospect profiles and first messages for: ${task}`.slice(0, 400),
    prospects: [
      {
        profile: `Founder or team lead among ${who(p)}`,
        whyFit: 'Feels the problem daily and can decide alone',
        whereToFind: 'Founder communities, LinkedIn groups',
      },
      {
        profile: `Operations manager at a small company in ${industry(p)}`,
        whyFit: 'Owns the process the product improves',
        whereToFind: 'Industry newsletters and meetups',
      },
      {
        profile: 'Consultant serving this market',
        whyFit: 'Sees the problem at many clients and can refer them',
        whereToFind: 'Professional directories',
      },
    ],
    messages: [
      {
        subject: `Quick question about how you handle this today`,
        body: `Hi {name},\n\nI'm building ${idea}. Would you have 15 minutes this week to tell me how you handle this today? No pitch, I want to learn.\n\nThanks!`,
      },
    ],
  };
}

export function codingSpec(p: OnboardingProfile | null, task: string): CodingSpec {
  const idea = ideaPhrase(p, 6);
  return {
    summary: `Spec and code plan for: ${task}`.slice(0, 400),
    spec: `Goal: ${task}\n\nFor ${idea}. The smallest version a first user can try end to end; everything else waits for feedback.`,
    steps: [
      {
        title: 'Define the one user flow',
        detail: 'Write the steps a first user takes, from sign-up to the moment of value.',
      },
      {
        title: 'Build the thinnest slice',
        detail: 'Implement that flow with the simplest storage and no settings.',
      },
      { title: 'Test with one user', detail: 'Watch one user try it and note where they get stuck.' },
    ],
  };
}

export function investorPlan(p: OnboardingProfile | null, task: string): InvestorPlan {
  return {
    summary: `Investor outreach plan for: ${task}`.slice(0, 400),
    steps: [
      `Write a one-paragraph pitch for ${ideaPhrase(p, 6)}: problem, customer, traction`,
      `List the traction you can show at the "${p?.stage ?? 'current'}" stage`,
      'Decide the amount to raise and what it buys',
    ],
  };
}
