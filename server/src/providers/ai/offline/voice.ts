import type { InternSettings, OnboardingProfile } from '@cofounder/shared';
import { REPLY_BUDGET } from '../prompt.ts';
import { firstName } from './text.ts';

/** A priority focus other than balanced: what a suggestion mainly serves. */
export type Lens = Exclude<InternSettings['priorityFocus'], 'balanced'>;

/** One suggestion; `lens` says what it mainly serves, so the founder's focus can move it up. */
export interface Point {
  text: string;
  why: string;
  lens?: Lens;
}

/** How the intern settings shape an offline reply: the same facts, said in the founder's chosen voice. */
export interface Voice {
  style: InternSettings['communicationStyle'];
  /** The greeting, said only when the founder greets: a co-founder does not say hello in every reply. */
  hello: string;
  /** An acknowledgement before the answer (none for direct). */
  opener: string;
  /** Direct founders get the terse heading, everyone else the conversational one. */
  heading: (terse: string, full: string) => string;
  /** The suggestions as a Markdown list: the focus's own first, as many as the length allows, reasons when detailed. */
  list: (points: Point[]) => string;
  focusTip: string;
  /** The offer to turn advice into tasks. */
  closing: string;
  /** Drafts: body paragraphs, the greeting word, a courtesy line (none for direct) and the sign-off. */
  paragraphs: number;
  salutation: string;
  courtesy: string;
  signOff: string;
  /** Formal replies spell out contractions. */
  finish: (text: string) => string;
}

const PARAGRAPHS: Record<InternSettings['responseLength'], number> = { brief: 1, medium: 2, detailed: 3 };

const FOCUS_TIP: Record<InternSettings['priorityFocus'], string> = {
  balanced: '',
  growth: 'With growth as the focus, judge each step by the new users or revenue it brings.',
  efficiency: 'With efficiency as the focus, do the cheapest version of each step first and automate what repeats.',
  innovation: 'With innovation as the focus, look for the step competitors would not dare to try.',
  stability: 'With stability as the focus, settle the legal and operational basics before you scale anything.',
};

const FORMALITY: Record<InternSettings['formalityLevel'], { ack: string; salutation: string; courtesy: string; signOff: string }> = {
  casual: { ack: 'Sure!', salutation: 'Hey', courtesy: "Hope your week's going well!", signOff: 'Cheers,' },
  professional: { ack: '', salutation: 'Hi', courtesy: "I hope you're well.", signOff: 'Best regards,' },
  formal: { ack: 'Certainly.', salutation: 'Dear', courtesy: 'I hope this message finds you well.', signOff: 'Kind regards,' },
};

const CLOSING: Record<InternSettings['communicationStyle'], string> = {
  direct: '',
  balanced: 'Want me to turn this into tasks? Just say "create tasks".',
  supportive: `You're making real progress. Say "create tasks" and I'll line up the work for you.`,
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\b([Hh]ere|[Tt]hat|[Ww]hat|[Ii]t|[Tt]here)'s\b/g, '$1 is'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'re\b/g, '$1 are'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'ll\b/g, '$1 will'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'ve\b/g, '$1 have'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'d\b/g, '$1 would'],
  [/\b([Ll])et's\b/g, '$1et us'],
  [/\b([Dd]o|[Dd]oes|[Ii]s|[Aa]re|[Ww]as|[Hh]ave|[Ss]hould|[Ww]ould|[Cc]ould)n't\b/g, '$1 not'],
  [/\b([Cc])an't\b/g, '$1annot'],
  [/\b([Ww])on't\b/g, '$1ill not'],
];

const formalize = (text: string) => CONTRACTIONS.reduce((s, [re, to]) => s.replace(re, to), text);

function greeting(formality: InternSettings['formalityLevel'], name: string): string {
  if (formality === 'casual') return name ? `Hey ${name}!` : 'Hey!';
  if (formality === 'formal') return name ? `Good day, ${name}.` : 'Good day.';
  return name ? `Hi ${name}.` : 'Hello.';
}

/** The points with the founder's focus first (stable, so the rest keep their order). */
const byFocus = (points: Point[], focus: InternSettings['priorityFocus']): Point[] =>
  focus === 'balanced' ? points : [...points.filter((p) => p.lens === focus), ...points.filter((p) => p.lens !== focus)];

/** The voice for these settings: direct skips pleasantries, supportive adds encouragement, and so on. */
export function voiceOf(settings: InternSettings, profile: OnboardingProfile | null): Voice {
  const { communicationStyle: style, formalityLevel: formality, responseLength: length } = settings;
  const brief = length === 'brief';
  const explain = length === 'detailed';
  const register = FORMALITY[formality];
  const opener =
    style === 'direct'
      ? ''
      : [register.ack, style === 'supportive' ? 'Good thinking: this is exactly the right thing to work on.' : ''].filter(Boolean).join(' ');
  return {
    style,
    hello: style === 'direct' ? '' : greeting(formality, firstName(profile)),
    opener,
    heading: (terse, full) => (style === 'direct' ? terse : full),
    list: (points) =>
      byFocus(points, settings.priorityFocus)
        .slice(0, REPLY_BUDGET[length].suggestions)
        .map((pt) => `- ${pt.text}${explain && pt.why ? ` (${pt.why.replace(/\.$/, '')}).` : '.'}`)
        .join('\n'),
    focusTip: brief ? '' : FOCUS_TIP[settings.priorityFocus],
    closing: brief ? '' : CLOSING[style],
    paragraphs: PARAGRAPHS[length],
    salutation: register.salutation,
    courtesy: style === 'direct' ? '' : register.courtesy,
    signOff: register.signOff,
    finish: formality === 'formal' ? formalize : (text) => text,
  };
}
