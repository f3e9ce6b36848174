import type { OnboardingProfile, PricingBenchmark, ResearchBrief } from '@cofounder/shared';
import { CHANNELS, industryNoun, industryOf, NEXT_MILESTONE, stageOf } from '../facts.ts';
import { ideaPhrase } from '../text.ts';
import { countOr, type TaskWords } from './task-words.ts';

// Research work offline: a brief framed by the task's own question, and a pricing worksheet. Nothing here was
// browsed, so neither states a market fact or a price: they say what to find out and where.

const who = (w: TaskWords, p: OnboardingProfile | null): string => w.audience ?? industryNoun(p, 'customers who feel the problem most');

/** The task as a short quote for a list item: the idea quoted in it is "yours", whole words, at most 80 characters. */
const short = (task: string): string => {
  const plain = task.replace(/"[^"]*"/g, 'yours');
  return plain.length <= 80 ? plain : `${plain.slice(0, 79).replace(/\s+\S*$/, '')}…`;
};

export function researchBrief(p: OnboardingProfile | null, w: TaskWords): ResearchBrief {
  const customers = who(w, p);
  return {
    summary: `Research plan: ${w.task}`.slice(0, 400),
    market: [
      `The question: ${w.task}.`,
      p
        ? `${ideaPhrase(p)} is at the "${p.stage}" stage in the ${industryNoun(p, 'market')}: answer it for ${customers} first, the group you can reach now.`
        : 'Your profile has no idea or industry yet: add them (Settings → Profile) so this plan can name your market.',
      `Answer it with evidence: what ${customers} do and pay today, not what they say they might do.`,
    ].join(' '),
    customers: `Who to ask: ${customers}. Ask how they handle this today, what it costs them and what they tried before.`,
    competitors: w.names.length
      ? w.names.map((n) => `${n}: what it charges, for whom, and what its users complain about`)
      : [`Tools ${customers} already use for this (write them down as you hear them)`, 'The manual workaround: spreadsheets, email, doing it by hand'],
    risks: [`The answer may differ between kinds of ${customers}: note who said what`, 'Opinions are not evidence: count what people already do and pay'],
    nextSteps: [
      `Write 5 questions that answer "${short(w.task)}"`,
      `Find 5 ${customers} through ${CHANNELS[industryOf(p)]} and ask them`,
      `Then use the answer to ${NEXT_MILESTONE[stageOf(p)]}`,
    ].map((step) => step.slice(0, 400)),
    sources: [],
  };
}

/** Where a price is found for a named tool, and for one not named yet. */
const WHERE_NAMED = (tool: string) => `${tool}'s pricing page; G2 or Capterra reviews for discounts and limits`;
const WHERE_UNNAMED = 'Search "<your category> pricing", G2 and Capterra category pages, and ask 3 customers what they pay';

/** A worksheet with one row per tool asked for: named tools by name, the rest to pick; prices left to fill. */
export function pricingBenchmark(p: OnboardingProfile | null, w: TaskWords): PricingBenchmark {
  const n = countOr(w, Math.max(3, w.names.length), 1, 20);
  const rows = Array.from({ length: n }, (_, i) => {
    const tool = w.names[i];
    return {
      tool: tool ?? `Competitor ${i + 1} (to pick)`,
      plan: null,
      price: null,
      notes: 'Note the billing unit (per seat, per month, usage) and what the entry plan leaves out',
      whereToLook: tool ? WHERE_NAMED(tool) : WHERE_UNNAMED,
    };
  });
  return {
    summary: `Pricing worksheet for ${n} ${n === 1 ? 'tool' : 'tools'}: ${w.task}`.slice(0, 400),
    rows,
    takeaways: [
      'Fill the plan and price columns from each pricing page, dated, before comparing',
      p ? `Then place ${ideaPhrase(p, 6)} against the cheapest plan ${who(w, p)} would actually need` : 'Then place your own price against the cheapest plan that does the job',
    ],
  };
}
