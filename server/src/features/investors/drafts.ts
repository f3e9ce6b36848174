import type { OnboardingProfile, Personalization } from '@cofounder/shared';
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

/**
 * The offline draft: a deterministic, personalised intro from the founder's profile and the investor's focus,
 * thesis and portfolio. Nothing is invented about the investor beyond what the directory says.
 */
export function templateDraft(profile: OnboardingProfile | null, inv: FoundInvestor): Draft {
  const first = inv.name.split(' ')[0] ?? inv.name;
  const founder = profile?.name ?? 'A founder';
  const idea = profile ? shortIdea(profile.idea) : 'a new startup';
  const industry = profile ? INDUSTRY[profile.industry] : 'early-stage';
  const focus = inv.focus.slice(0, 2);
  const mentions = inv.portfolio.slice(0, 2);
  const connectionPoints = [
    ...(focus.length ? [`Invests in ${focus.join(' and ')}`] : []),
    ...(profile && inv.stages.length
      ? [`Backs ${inv.stages.join(' / ')} rounds; we are at "${profile.stage}"`]
      : []),
    ...(inv.thesis ? [`Thesis: ${inv.thesis}`] : []),
  ];
  const lines = [
    `Hi ${first},`,
    '',
    `I'm ${profile?.name ?? 'the founder of'} ${profile ? `— I'm building ${/^[aeiou]/i.test(industry) ? 'an' : 'a'} ${industry} startup: ${idea}.` : `${idea}.`}`,
    '',
    focus.length || inv.thesis
      ? `I'm reaching out because ${inv.firm ?? 'you'} ${focus.length ? `invest${inv.firm ? 's' : ''} in ${focus.join(' and ').toLowerCase()}` : 'look for teams like ours'}${inv.thesis ? `, and "${inv.thesis.replace(/[.]$/, '')}" is close to why we started` : ''}.`
      : `I'm reaching out because your investments suggest an interest in ${industry} companies.`,
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
      connectionPoints,
      portfolioMentions: mentions,
      reasoning: `Matched on ${
        [
          focus.length ? 'focus' : null,
          profile && inv.stages.length ? 'stage' : null,
          mentions.length ? 'portfolio' : null,
        ]
          .filter(Boolean)
          .join(', ') || 'the directory listing'
      }.`,
    },
  };
}
