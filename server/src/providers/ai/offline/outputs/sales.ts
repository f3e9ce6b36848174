import type { ColdEmail, OnboardingProfile, SalesPipeline, SalesProspects } from '@cofounder/shared';
import { coldEmailParts } from '../drafts.ts';
import { CHANNELS, industryNoun, industryOf, isEarly } from '../facts.ts';
import { capitalize, pluralOf } from '../nouns.ts';
import { ideaPhrase } from '../text.ts';
import type { Voice } from '../voice.ts';
import { countOr, type TaskWords } from './task-words.ts';

// Sales work offline: who to talk to, the pipeline that tracks them, and the email that opens the conversation,
// all addressed to the audience the task names.

const group = (w: TaskWords, p: OnboardingProfile | null): string =>
  w.audience ? pluralOf(w.audience).replace(/^your\s/, '') : industryNoun(p, 'customers who feel the problem most');

export function salesProspects(p: OnboardingProfile | null, w: TaskWords, voice: Voice): SalesProspects {
  const people = group(w, p);
  const where = w.place ? ` in ${w.place}` : '';
  const email = coldEmailParts(`Draft an email to ${w.audience ?? people}`, p, voice);
  const goal = w.count ? `${w.count} ${people}` : people;
  return {
    summary: `Who to contact first for "${w.task}": ${goal}`.slice(0, 400),
    prospects: [
      {
        profile: `${capitalize(people)}${where} who handle this themselves today`,
        whyFit: 'They feel the problem first-hand and can say yes without asking anyone',
        whereToFind: `${CHANNELS[industryOf(p)]}${where}`,
      },
      {
        profile: `${capitalize(people)} who posted or asked about this problem recently`,
        whyFit: 'A recent complaint means the pain is current',
        whereToFind: 'Search LinkedIn posts, Reddit and community forums for the problem in their words',
      },
      {
        profile: `People who serve ${people} (agencies, consultants, communities)`,
        whyFit: 'One of them can introduce you to many',
        whereToFind: `Directories and newsletters that ${people} read`,
      },
    ],
    messages: [{ subject: email.subject, body: [email.greeting, ...email.body, email.callToAction, email.signature.join('\n')].join('\n\n') }],
  };
}

/** Stages and weekly targets sized to the count the task asks for (customers to win), or to an early default. */
export function salesPipeline(p: OnboardingProfile | null, w: TaskWords): SalesPipeline {
  const people = group(w, p);
  const wins = countOr(w, isEarly(p) ? 3 : 5, 1, 200);
  // Rough funnel: a tenth of first contacts reply, half of those take a call, a third of calls convert.
  const calls = wins * 3;
  const contacts = calls * 6;
  return {
    summary: `Sales pipeline for ${people} (${ideaPhrase(p, 6)}): ${wins} ${wins === 1 ? 'win' : 'wins'} in about 4 weeks`.slice(0, 400),
    stages: [
      { name: 'Lead', exitCriteria: `Fits the profile: one of the ${people}, with the problem, reachable by name` },
      { name: 'Contacted', exitCriteria: 'First message sent; moves on when they reply' },
      { name: 'Call booked', exitCriteria: 'A date is set to talk about how they handle the problem today' },
      { name: 'Trial or proposal', exitCriteria: 'They agreed to try it or received a price in writing' },
      { name: 'Won', exitCriteria: 'They paid or signed; ask for one referral the same day' },
    ],
    weeklyTargets: [
      { metric: `New ${people} contacted`, target: Math.max(1, Math.ceil(contacts / 4)) },
      { metric: 'Calls held', target: Math.max(1, Math.ceil(calls / 4)) },
      { metric: 'Deals won', target: Math.max(1, Math.ceil(wins / 4)) },
    ],
  };
}

export function coldEmail(p: OnboardingProfile | null, w: TaskWords, voice: Voice): ColdEmail {
  const e = coldEmailParts(w.task, p, voice);
  const recipient = e.recipient ?? (e.investor ? 'an investor' : 'a potential customer');
  return {
    summary: `Cold email to ${recipient}`.slice(0, 400),
    recipient,
    subject: e.subject,
    greeting: e.greeting,
    body: e.body.join('\n\n'),
    callToAction: e.callToAction,
    signature: e.signature.join('\n'),
  };
}
