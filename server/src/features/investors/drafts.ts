import {
  connectionPoints,
  matchingFocus,
  type InvestorMatch,
  type MatchFounder,
  type OnboardingProfile,
  type Personalization,
} from '@cofounder/shared';
import type { FoundInvestor } from './sample-directory.ts';

export interface Draft {
  subject: string;
  body: string;
  personalization: Personalization;
}

const INDUSTRY: Record<OnboardingProfile['industry'], string> = {
  tech: 'technology',
  healthcare: 'healthcare',
  fintech: 'fintech',
  ecommerce: 'e-commerce',
  education: 'education',
  saas: 'B2B software',
  other: 'early-stage',
};

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** Control characters (CR/LF included) become one space: a subject is a single header line. */
export const oneLine = (text: string, max: number): string =>
  text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

const shortIdea = (idea: string) => {
  const first = oneLine(idea, 400).split(/(?<=[.!?])\s/)[0] ?? idea;
  return first.length > 90 ? `${first.slice(0, 87).trimEnd()}…` : first.replace(/[.!?]$/, '');
};

/** The founder, the investor and how they match: what a draft is written from. */
export interface DraftFit {
  founder: MatchFounder;
  match: InvestorMatch;
}

const fitsOn = (m: InvestorMatch, about: 'industry' | 'stage') =>
  m.reasons.some((r) => r.about === about && r.fits === true);

/** Why we write to them, from true connection points only; none is no claim at all. */
function whyLine(inv: FoundInvestor, fit: DraftFit | null): string {
  if (!fit) return 'I wanted to introduce what we are building.';
  const who = inv.firm ?? 'you';
  const focus = matchingFocus(fit.founder, inv).slice(0, 2);
  const thesisFits = fit.match.reasons.some(
    (r) => r.about === 'industry' && r.fits && r.text.startsWith('Thesis'),
  );
  if (focus.length)
    return `I'm reaching out because ${who} invest${inv.firm ? 's' : ''} in ${focus.join(' and ').toLowerCase()}${thesisFits && inv.thesis ? `, and "${inv.thesis.replace(/[.]$/, '')}" is close to why we started` : ''}.`;
  if (thesisFits && inv.thesis)
    return `I'm reaching out because "${inv.thesis.replace(/[.]$/, '')}" is close to why we started.`;
  if (fitsOn(fit.match, 'stage')) return "I'm reaching out because you back founders at our stage.";
  return 'I wanted to introduce what we are building.';
}

/**
 * The offline draft: a deterministic intro from the founder's profile and what truly connects them to the
 * investor (the match's fitting criteria). Nothing is invented, and a stage mismatch is never a connection point.
 */
export function templateDraft(
  profile: OnboardingProfile | null,
  inv: FoundInvestor,
  fit: DraftFit | null,
): Draft {
  const first = inv.name.split(' ')[0] ?? inv.name;
  const founder = profile?.name ?? 'A founder';
  const idea = profile ? shortIdea(profile.idea) : 'a new startup';
  const industry = profile ? INDUSTRY[profile.industry] : 'early-stage';
  // A portfolio company is a connection only when the investor backs the founder's industry.
  const mentions = fit && fitsOn(fit.match, 'industry') ? inv.portfolio.slice(0, 2) : [];
  const points = fit ? connectionPoints(fit.match) : [];
  const lines = [
    `Hi ${first},`,
    '',
    `I'm ${profile?.name ?? 'the founder of'} ${profile ? `— I'm building ${/^[aeiou]/i.test(industry) ? 'an' : 'a'} ${industry} startup: ${idea}.` : `${idea}.`}`,
    '',
    whyLine(inv, fit),
    ...(mentions.length
      ? ['', `Seeing ${mentions.join(' and ')} in your portfolio, I think we would sit well next to them.`]
      : []),
    '',
    profile
      ? `We are at the "${profile.stage}" stage. Would you be open to a 20-minute call in the next two weeks? I'm happy to send a short deck first.`
      : 'Would you be open to a 20-minute call in the next two weeks? I am happy to send a short deck first.',
    '',
    'Thank you,',
    founder === 'A founder' ? 'The founder' : founder,
  ];
  return {
    subject: oneLine(
      `${founder === 'A founder' ? 'Intro' : founder}: ${idea}${inv.firm ? ` × ${inv.firm}` : ''}`,
      200,
    ),
    body: lines.join('\n'),
    personalization: {
      connectionPoints: points,
      portfolioMentions: mentions,
      reasoning: fit
        ? `Match ${fit.match.score}/100${points.length ? `: ${points.join('; ')}` : ''}.`
        : 'No profile to match against: no connection point named.',
    },
  };
}

/** A model's draft keeps its wording; its connection points are the match's true ones, its mentions real. */
export function honestPersonalization(
  model: Personalization,
  inv: FoundInvestor,
  fit: DraftFit | null,
): Personalization {
  const industryFits = !!fit && fitsOn(fit.match, 'industry');
  const portfolio = new Set(inv.portfolio.map((p) => p.toLowerCase()));
  return {
    connectionPoints: fit ? connectionPoints(fit.match) : [],
    portfolioMentions: industryFits
      ? model.portfolioMentions.filter((p) => portfolio.has(p.toLowerCase()))
      : [],
    reasoning: model.reasoning,
  };
}
