import type { InternSettings, OnboardingProfile } from '@cofounder/shared';
import { firstName } from './text.ts';

/** How the intern settings shape an offline reply: the same facts, said in the founder's chosen voice. */
export interface Voice {
  /** The greeting, said only when the founder greets: a co-founder does not say hello in every reply. */
  hello: string;
  opener: string;
  /** How many points the reply makes (response length). */
  points: number;
  /** Detailed replies say why after each point. */
  explain: boolean;
  focusTip: string;
  closing: string;
  /** Formal replies spell out contractions. */
  finish: (text: string) => string;
}

const POINTS: Record<InternSettings['responseLength'], number> = { brief: 2, medium: 3, detailed: 5 };

const FOCUS_TIP: Record<InternSettings['priorityFocus'], string> = {
  balanced: '',
  growth: 'With growth as the focus, judge each step by the new users or revenue it brings.',
  efficiency: 'With efficiency as the focus, do the cheapest version of each step first and automate what repeats.',
  innovation: 'With innovation as the focus, look for the step competitors would not dare to try.',
  stability: 'With stability as the focus, settle the legal and operational basics before you scale anything.',
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\b([Hh]ere|[Tt]hat|[Ww]hat|[Ii]t)'s\b/g, '$1 is'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'re\b/g, '$1 are'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'ll\b/g, '$1 will'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'ve\b/g, '$1 have'],
  [/\b([Ll])et's\b/g, '$1et us'],
  [/\b([Dd]o|[Dd]oes|[Ii]s|[Aa]re)n't\b/g, '$1 not'],
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
];

const formalize = (text: string) => CONTRACTIONS.reduce((s, [re, to]) => s.replace(re, to), text);

function greeting(formality: InternSettings['formalityLevel'], name: string): string {
  if (formality === 'casual') return name ? `Hey ${name}!` : 'Hey!';
  if (formality === 'formal') return name ? `Good day, ${name}.` : 'Good day.';
  return name ? `Hi ${name}.` : 'Hello.';
}

/** The voice for these settings: direct skips pleasantries, supportive adds encouragement, and so on. */
export function voiceOf(settings: InternSettings, profile: OnboardingProfile | null): Voice {
  const hello = greeting(settings.formalityLevel, firstName(profile));
  const brief = settings.responseLength === 'brief';
  const opener = {
    direct: '',
    balanced: '',
    supportive: 'Great question, and exactly the right thing to work on.',
  }[settings.communicationStyle];
  const closing = brief
    ? ''
    : {
        direct: '',
        balanced: 'Want me to turn this into tasks? Just say "create tasks".',
        supportive: `You're making real progress. Say "create tasks" and I'll line up the work for you.`,
      }[settings.communicationStyle];
  return {
    hello: settings.communicationStyle === 'direct' ? '' : hello,
    opener,
    points: POINTS[settings.responseLength],
    explain: settings.responseLength === 'detailed',
    focusTip: brief ? '' : FOCUS_TIP[settings.priorityFocus],
    closing,
    finish: settings.formalityLevel === 'formal' ? formalize : (text) => text,
  };
}
