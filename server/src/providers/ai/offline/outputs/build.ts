import type { CodingSpec, OnboardingProfile, PitchDeckOutline } from '@cofounder/shared';
import { industryNoun, isEarly, STAGE_NOW, stageOf } from '../facts.ts';
import { ideaAudience } from '../nouns.ts';
import { ideaPhrase } from '../text.ts';
import { countOr, type TaskWords } from './task-words.ts';

// Documents the founder builds from: a spec with a code plan for the thing the task names, and a pitch deck
// outline with the number of slides asked for. What the profile does not say is left as a [to fill] slot.

export function codingSpec(p: OnboardingProfile | null, w: TaskWords): CodingSpec {
  const user = w.audience ?? ideaAudience(p) ?? 'the first user';
  return {
    summary: `Spec and code plan: ${w.task}`.slice(0, 400),
    spec: [
      `Goal: ${w.task}.`,
      `Who it is for: ${user}${p ? `, using ${ideaPhrase(p, 6)}` : ''}.`,
      `Done when: ${user} can complete "${w.object}" end to end without help, and it is measured (one event per step).`,
      'Out of scope: settings, roles and anything no first user asked for.',
    ].join('\n\n'),
    steps: [
      { title: `Write the flow for "${w.object}"`.slice(0, 400), detail: `List each screen or step ${user} goes through, and what they see at the end.` },
      { title: 'Build the thinnest working slice', detail: 'Implement that flow with the simplest storage and no configuration; hard-code what can wait.' },
      { title: 'Instrument it', detail: 'Log one event per step so you can see where people drop off.' },
      { title: `Test it with one of ${user}`.slice(0, 400), detail: 'Watch them use it without help and note every place they get stuck; fix the first one.' },
    ],
  };
}

const TO_FILL = (what: string) => `[to fill: ${what}]`;

/** The slides a seed deck is built from, in the usual order; a longer deck adds the later ones. */
function slides(p: OnboardingProfile | null): PitchDeckOutline['slides'] {
  const customers = ideaAudience(p);
  const early = isEarly(p);
  return [
    { title: 'Title', points: [p ? ideaPhrase(p, 12) : TO_FILL('company name and one-line description'), `${p?.name ?? TO_FILL('your name')}, ${TO_FILL('contact email')}`] },
    { title: 'Problem', points: [customers ? `What ${customers} struggle with today, in one sentence` : TO_FILL('who has the problem'), TO_FILL('one real example or number from a customer conversation')] },
    { title: 'Solution', points: [p ? `${ideaPhrase(p, 12)}: how it removes the problem` : TO_FILL('what you built'), 'One screenshot or a 3-step "how it works"'] },
    { title: 'Why now', points: ['What changed (technology, regulation, behaviour) that makes this possible now'] },
    { title: 'Market', points: [`Bottom-up size: number of ${customers ?? industryNoun(p, 'customers')} you can reach × yearly price`, TO_FILL('the figure, with its source')] },
    { title: 'Product', points: [`Where it stands: ${STAGE_NOW[stageOf(p)]}`, 'The one flow a customer uses every week'] },
    { title: 'Traction', points: early ? ['Customer conversations held and what they said', TO_FILL('waitlist sign-ups or letters of intent')] : [TO_FILL('users, revenue or growth per month'), 'One customer quote'] },
    { title: 'Business model', points: [TO_FILL('price and who pays'), 'How one customer pays back what it cost to win them'] },
    { title: 'Competition', points: ['What customers use today, including spreadsheets and doing nothing', 'Why they would switch to you'] },
    { title: 'The ask', points: [p?.budget ? `Raising: ${p.budget}` : TO_FILL('amount to raise'), p?.timeline ? `Timeline: ${p.timeline}` : 'What the money buys: the milestones for the next 18 months'] },
    { title: 'Team', points: [`${p?.name ?? TO_FILL('founder')}: why you are the one to build this`, TO_FILL('other founders or key hires')] },
    { title: 'Go-to-market', points: [`The first channel to reach ${customers ?? 'customers'}`, 'What the first 100 customers cost to win'] },
    { title: 'Roadmap', points: ['The next three milestones and when'] },
    { title: 'Financials', points: [TO_FILL('24-month revenue and burn'), 'The assumptions behind them'] },
    { title: 'Vision', points: ['What the company looks like if this works'] },
  ];
}

export function pitchDeckOutline(p: OnboardingProfile | null, w: TaskWords): PitchDeckOutline {
  const all = slides(p);
  const n = countOr(w, 10, 3, 20);
  // Past the standard slides, appendix slides hold the detail investors ask for.
  const chosen = [
    ...all.slice(0, n),
    ...Array.from({ length: Math.max(0, n - all.length) }, (_, i) => ({ title: `Appendix ${i + 1}`, points: [TO_FILL('detail investors asked about')] })),
  ];
  return { summary: `${n}-slide pitch deck outline for ${p ? ideaPhrase(p, 6) : 'your startup'}`.slice(0, 400), slides: chosen };
}
