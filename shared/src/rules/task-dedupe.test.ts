import { describe, expect, it } from 'vitest';
import { duplicateWindowStart, normaliseTitle, sameWork, skippedSentence, workObject } from './task-dedupe.ts';

const marketing = (description: string) => ({ description, agent: 'marketing_agent' as const });
const research = (description: string) => ({ description, agent: 'research_agent' as const });

describe('normaliseTitle', () => {
  it('ignores case, punctuation, accents, spacing, apostrophes and a trailing period', () => {
    expect(normaliseTitle('  Analyse the Café’s  competitors:  pricing & positioning. ')).toBe(
      'analyse the cafes competitors pricing positioning',
    );
    expect(normaliseTitle('Set up analytics (sign-ups, activation).')).toBe('set up analytics sign ups activation');
  });

  it('drops polite openers, but never the whole title', () => {
    expect(normaliseTitle('Please, could you draft a tweet?')).toBe('draft a tweet');
    expect(normaliseTitle("Let's list 30 leads")).toBe('list 30 leads');
    expect(normaliseTitle('Please')).toBe('please');
    expect(normaliseTitle('Pleased customers survey')).toBe('pleased customers survey');
  });

  it('keeps digits and writes number words as digits', () => {
    expect(normaliseTitle('Interview ten customers')).toBe('interview 10 customers');
    expect(normaliseTitle('Interview 10 customers')).not.toBe(normaliseTitle('Interview 20 customers'));
    expect(normaliseTitle('Refactor the constructor')).toBe('refactor the constructor');
  });
});

describe('workObject', () => {
  it('is the verb group and the rest without articles', () => {
    expect(workObject('Draft 3 Reddit posts for r/freelance')).toBe('write: 3 reddit posts for r freelance');
    expect(workObject('Write three Reddit posts for r/freelance')).toBe('write: 3 reddit posts for r freelance');
    expect(workObject('Reach out to 10 clinicians for feedback')).toBe('contact: 10 clinicians for feedback');
  });

  it('is null without a known opening verb or without an object', () => {
    expect(workObject('Interview 10 potential customers')).toBeNull();
    expect(workObject('Draft')).toBeNull();
    expect(workObject('Drafting the plan')).toBeNull();
  });
});

describe('sameWork', () => {
  it('matches equal normalised titles whatever the agent', () => {
    expect(sameWork(marketing('Launch a landing page.'), research('launch a  landing page'))).toBe(true);
    expect(sameWork(marketing('Please launch a landing page'), marketing('Launch a landing page'))).toBe(true);
  });

  it('matches synonym verbs on the same object for the same agent only', () => {
    const drafted = marketing('Draft 3 Reddit posts for r/freelance');
    expect(sameWork(drafted, marketing('Write three Reddit posts for r/freelance'))).toBe(true);
    expect(sameWork(research('Analyse the 5 competitors of Acme'), research('Research 5 competitors of Acme'))).toBe(true);
    expect(sameWork(drafted, research('Write three Reddit posts for r/freelance'))).toBe(false);
  });

  it('keeps different work apart', () => {
    const drafted = marketing('Draft 3 Reddit posts for r/freelance');
    expect(sameWork(drafted, marketing('Draft 3 Reddit posts for r/startups'))).toBe(false);
    expect(sameWork(drafted, marketing('Draft 4 Reddit posts for r/freelance'))).toBe(false);
    // Publishing is not drafting.
    expect(sameWork(drafted, marketing('Publish 3 Reddit posts for r/freelance'))).toBe(false);
    expect(sameWork(research('Interview 10 customers'), research('Survey 10 customers'))).toBe(false);
  });
});

describe('duplicateWindowStart', () => {
  it('is 30 days back', () => {
    expect(duplicateWindowStart(new Date('2026-03-31T12:00:00Z')).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('skippedSentence', () => {
  it('quotes each skipped task (its own quotes made single, cut at 80 characters), with the listed task when worded differently', () => {
    const long = `Plan ${'a'.repeat(100)}`;
    expect(
      skippedSentence([
        { description: 'Draft 3 posts about "Acme"', existing: 'Draft 3 posts about "Acme".' },
        { description: 'Write three Reddit posts for r/saas', existing: 'Draft 3 Reddit posts for r/saas' },
        { description: long, existing: long },
      ]),
    ).toBe(
      'Skipped 3 already on your list: "Draft 3 posts about \'Acme\'", ' +
        '"Write three Reddit posts for r/saas" (as "Draft 3 Reddit posts for r/saas"), ' +
        `"Plan ${'a'.repeat(75)}...".`,
    );
  });
});
