import { investorMatch, matchFounder } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { testProfile } from '../../test/factories.ts';
import { templateDraft } from './drafts.ts';
import { SAMPLE_DIRECTORY, type FoundInvestor } from './sample-directory.ts';

const profile = testProfile({
  name: 'Ada Lovelace',
  industry: 'fintech',
  stage: 'Just an idea',
  idea: 'Invoicing for US freelancers',
});
const founder = matchFounder(profile);
const named = (name: string): FoundInvestor => SAMPLE_DIRECTORY.find((i) => i.name === name)!;
const draftTo = (inv: FoundInvestor) =>
  templateDraft(profile, inv, { founder, match: investorMatch(founder, inv) });

describe('offline investor draft (issue 22 §6)', () => {
  it('names the true connection points: the focus in the founder’s industry, the stage, the country', () => {
    const inv: FoundInvestor = { ...named('Bram Oakenshaw'), stages: ['Pre-seed'], geo: 'Austin, US' };
    const d = draftTo(inv);
    expect(d.personalization.connectionPoints).toEqual([
      'Invests in Payments and Embedded finance',
      'Pre-seed stage matches',
      'Based in the US, like you',
    ]);
    expect(d.body).toContain(
      `I'm reaching out because ${inv.firm} invests in payments and embedded finance.`,
    );
    expect(d.personalization.portfolioMentions).toEqual(inv.portfolio.slice(0, 2));
    expect(d.body).toContain(`Seeing ${inv.portfolio[0]} and ${inv.portfolio[1]} in your portfolio`);
  });

  it('never offers the founder’s stage as a connection point to a fund that invests later', () => {
    const seriesA = named('Greta Vanterpool'); // Series A only, B2B fintech
    const d = draftTo(seriesA);
    expect(d.personalization.connectionPoints).toEqual(['Invests in B2B fintech']);
    expect(d.personalization.connectionPoints.join(' ')).not.toMatch(/Just an idea|stage|Series A/);
    expect(d.body).not.toMatch(/you back|our stage/);
  });

  it('claims no shared focus or portfolio with an investor outside the founder’s industry', () => {
    const mentalHealth = named('Jasper Wrenfield');
    const d = draftTo(mentalHealth);
    expect(d.personalization.connectionPoints).toEqual([
      'Pre-seed stage matches',
      'Based in the US, like you',
    ]);
    expect(d.personalization.portfolioMentions).toEqual([]);
    expect(d.body).not.toMatch(/invests? in|portfolio|mental health/i);
    expect(d.body).toContain("I'm reaching out because you back founders at our stage.");
  });

  it('names no connection point without a profile to match against', () => {
    const d = templateDraft(null, named('Bram Oakenshaw'), null);
    expect(d.personalization).toEqual({
      connectionPoints: [],
      portfolioMentions: [],
      reasoning: 'No profile to match against: no connection point named.',
    });
    expect(d.body).toMatch(/^Hi Bram,/);
  });
});
