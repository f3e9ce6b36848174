import { describe, expect, it } from 'vitest';
import { INVESTORS } from '../constants.ts';
import {
  checkRange,
  connectionPoints,
  investorMatch,
  matchFits,
  matchFounder,
  placesIn,
  raiseIn,
  roundsFor,
  type MatchableInvestor,
} from './investors.ts';

/** The founder: a US freelancer-invoicing product, fintech, at the MVP stage, raising $500k. */
const invoicing = matchFounder(
  { industry: 'fintech', stage: 'Have an MVP', idea: 'Invoicing and payments for US freelancers' },
  'Find investors for our pre-seed: we are raising $500k',
);

/** A reason as the card gets it, whatever criterion it is about. */
const reason = (r: { text: string; fits: boolean | null }) => expect.objectContaining(r);

const fund = (over: Partial<MatchableInvestor>): MatchableInvestor => ({
  focus: [],
  thesis: null,
  stages: ['Pre-seed', 'Seed'],
  check: '$100k to $500k',
  geo: 'New York, US',
  ...over,
});

const mentalHealth = fund({ focus: ['Mental health', 'Patient engagement'], geo: 'Chicago, US' });
const edtech = fund({ focus: ['EdTech', 'Workforce learning'], geo: 'Toronto, CA' });
const emergingMarkets = fund({
  focus: ['Emerging markets', 'Mobile money'],
  thesis: 'The next billion customers buy and pay on their phones.',
  geo: 'Lagos, NG',
  check: '$25k to $150k',
});
const bio = fund({ focus: ['Diagnostics', 'Lab software'], geo: 'San Diego, US', check: '$500k to $2m' });
const seriesA = fund({ focus: ['Vertical SaaS', 'B2B fintech'], stages: ['Series A'], geo: 'Amsterdam, NL' });
const payments = fund({ focus: ['Payments', 'Embedded finance'], check: '$250k to $1m', geo: 'Austin, US' });

describe('investor match (issue 22 §6)', () => {
  it('reads the founder: geography and the raise from their own words', () => {
    expect(invoicing.geo).toEqual(['US']);
    expect(invoicing.raiseUsd).toBe(500_000);
    expect(placesIn('Ask us about it')).toEqual([]);
    expect(placesIn('Berlin, DE')).toEqual(['DE']);
    expect(raiseIn('a $1.5m seed round')).toBe(1_500_000);
    expect(raiseIn('we raise no money')).toBeNull();
    expect(checkRange('$1m to $3m')).toEqual([1_000_000, 3_000_000]);
    expect(roundsFor('Just an idea')).toEqual(['Pre-seed']);
  });

  it('scores the issue’s bad matches below the threshold, each with the reason to skip', () => {
    const cases: [MatchableInvestor, string][] = [
      [mentalHealth, 'Focuses on Mental health, Patient engagement, not fintech'],
      [edtech, 'Focuses on EdTech, Workforce learning, not fintech'],
      [emergingMarkets, 'Invests in emerging markets; you are in the US'],
      [bio, 'Focuses on Diagnostics, Lab software, not fintech'],
      [seriesA, 'Invests at Series A; at “Have an MVP” your round is Pre-seed / Seed'],
    ];
    for (const [inv, why] of cases) {
      const m = investorMatch(invoicing, inv);
      expect(m.score).toBeLessThan(INVESTORS.match.threshold);
      expect(matchFits(m)).toBe(false);
      expect(m.reasons).toContainEqual(reason({ text: why, fits: false }));
    }
  });

  it('scores a payments fund that backs the stage above the threshold, with its reasons first', () => {
    const m = investorMatch(invoicing, payments);
    expect(m.score).toBe(100);
    expect(matchFits(m)).toBe(true);
    expect(connectionPoints(m)).toEqual([
      'Invests in Payments and Embedded finance',
      'Pre-seed / Seed stage matches',
      'Based in the US, like you',
      "Writes $250k–$1M checks; you're raising $500k",
    ]);
  });

  it('keeps a fitting fund abroad, with the distance as a reason, and unknowns as unknown', () => {
    const london = investorMatch(invoicing, { ...payments, geo: 'London, UK' });
    expect(matchFits(london)).toBe(true);
    expect(london.reasons).toContainEqual(reason({ text: 'Based in London, UK, not the US', fits: false }));

    const unknown = matchFounder({
      industry: 'fintech',
      stage: 'Have an MVP',
      idea: 'Invoices for freelancers',
    });
    const m = investorMatch(unknown, payments);
    expect(m.reasons).toContainEqual(reason({ text: 'Based in Austin, US', fits: null }));
    expect(m.reasons).toContainEqual(reason({ text: 'Writes $250k–$1M checks', fits: null }));
    expect(m.score).toBe(Math.round(100 * INVESTORS.match.geo.unknown * INVESTORS.match.check.unknown));
  });

  it('skips cheques above the raise and a stage the founder is not at', () => {
    const big = investorMatch(invoicing, { ...payments, check: '$1m to $3m' });
    expect(big.reasons).toContainEqual(
      reason({ text: 'Writes $1M–$3M checks, more than your $500k raise', fits: false }),
    );
    expect(matchFits(big)).toBe(false);
    const idea = matchFounder({
      industry: 'fintech',
      stage: 'Just an idea',
      idea: 'Invoicing for US freelancers',
    });
    expect(matchFits(investorMatch(idea, { ...payments, stages: ['Series A'] }))).toBe(false);
  });

  it('gives generalists partial credit, enough only when the rest fits', () => {
    const generalist = fund({ focus: ['Pre-seed generalist', 'Solo founders'], stages: ['Pre-seed'] });
    const m = investorMatch(invoicing, generalist);
    expect(m.reasons).toContainEqual(
      reason({ text: 'Generalist: Pre-seed generalist, Solo founders', fits: null }),
    );
    expect(m.score).toBe(Math.round(100 * INVESTORS.match.industry.generalist));
    expect(matchFits(m)).toBe(true);
    expect(matchFits(investorMatch(invoicing, { ...generalist, geo: 'Sydney, AU' }))).toBe(false);
    const remote = investorMatch(invoicing, { ...payments, geo: 'Remote' });
    expect(remote.reasons).toContainEqual(reason({ text: 'Location: Remote', fits: null }));
    expect(matchFits(remote)).toBe(true);
  });
});
