import {
  AGENT_CATEGORY,
  type ONBOARDING_INDUSTRIES,
  type ONBOARDING_STAGES,
  type OnboardingProfile,
  type TaskCategory,
} from '@cofounder/shared';
import { asksForTasks } from '../intent.ts';
import type { AiContext, ContextTask } from '../port.ts';
import { pageNote } from './page.ts';
import { ideaPhrase, words } from './text.ts';
import { voiceOf } from './voice.ts';

export type Intent = 'tasks' | 'research' | 'investors' | 'marketing' | 'idea' | 'greeting' | 'general';

// Order matters: "market research" is research, not marketing; any request for tasks comes first of all.
const INTENTS: [Intent, RegExp][] = [
  ['tasks', /\b(tasks?|to-?dos?|priorit\w*|next steps?|what should i (do|work on))\b/i],
  ['research', /\b(research|competitors?|competition|market size|tam|interviews?|surveys?)\b/i],
  ['investors', /\b(investors?|fund(ing|raising)?|raise|raising|vcs?|angels?|pitch|seed|deck)\b/i],
  ['marketing', /\b(marketing|market|go[- ]to[- ]market|gtm|launch|growth|audience|social|twitter|reddit|seo|content|brand)\b/i],
  ['idea', /\b(idea|refine|pivot|value prop\w*|positioning|problem|differentiat\w*|niche)\b/i],
  ['greeting', /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i],
];

/** What a chat message is about, by keywords (the offline co-founder has no model to ask). */
export const detectIntent = (text: string): Intent =>
  asksForTasks(text) ? 'tasks' : (INTENTS.find(([, re]) => re.test(text))?.[0] ?? 'general');

interface Point {
  text: string;
  why: string;
}

const CHANNELS: Record<(typeof ONBOARDING_INDUSTRIES)[number], string> = {
  tech: 'developer communities, Hacker News and Twitter',
  healthcare: 'clinician networks, conferences and LinkedIn',
  fintech: 'finance communities, partnerships and content about the compliance pain you remove',
  ecommerce: 'Instagram, TikTok, Reddit and the marketplaces your buyers already use',
  education: 'teacher communities, school districts and Reddit',
  saas: 'LinkedIn, search content and integration marketplaces',
  other: 'the online communities where your customers already gather',
};

const NEXT_MILESTONE: Record<(typeof ONBOARDING_STAGES)[number], string> = {
  'Just an idea': 'validate the problem with 10 customer conversations',
  'Researching the market': 'pick one segment and write the MVP scope',
  'Building prototype': 'get the prototype in front of 5 real users',
  'Have an MVP': 'turn MVP users into paying customers',
  'Getting first customers': 'find a repeatable channel for the next 10 customers',
  'Growing revenue': 'double down on the channel that brings the most revenue',
};

const INTENT_AREA: Partial<Record<Intent, TaskCategory>> = { research: 'research', investors: 'investor_outreach', marketing: 'marketing' };

const taskPoint = (task: ContextTask): Point => ({
  text: `Your task **${task.description}** (priority ${task.priority}) covers this, so start there`,
  why: 'it is already on your list and ranked highest in this area.',
});

const topTaskPoint = (task: ContextTask): Point => ({
  text: `Top priority: **${task.description}** (priority ${task.priority})`,
  why: 'it moves you fastest toward your next milestone.',
});

function adviceFor(intent: Intent, p: OnboardingProfile | null, idea: string): Point[] {
  const industry = p?.industry ?? 'other';
  const early = !p || p.stage === 'Just an idea' || p.stage === 'Researching the market';
  switch (intent) {
    case 'research':
      return [
        { text: `Interview 10 people who have the problem ${idea} solves`, why: 'direct conversations reveal pains that surveys miss.' },
        { text: 'Compare 5 competitors on price, positioning and reviews', why: 'their weak spots are your opening.' },
        { text: 'Size the market bottom-up: number of buyers times what each would pay', why: 'investors trust a bottom-up estimate.' },
        { text: `Read the forum and Reddit threads where ${industry} buyers complain`, why: 'unfiltered complaints show what to build first.' },
        { text: 'Write the findings on one page and decide what to test next', why: 'research only counts when it changes a decision.' },
      ];
    case 'investors':
      return [
        early
          ? { text: `At "${p?.stage ?? 'this'}" stage, gather evidence before pitching: 10 customer conversations and a waitlist`, why: 'pre-product pitches live or die on proof of demand.' }
          : { text: `At "${p?.stage}" stage, lead your pitch with traction: users, revenue or pilots`, why: 'traction is the strongest answer to every investor question.' },
        { text: `List 25 investors who fund ${industry} startups at your stage`, why: 'a focused list beats a hundred cold emails.' },
        { text: 'Prepare a 10-slide deck: problem, solution, market, traction, team, ask', why: 'investors skim; each slide must make one point.' },
        { text: 'Ask founders those investors backed for warm introductions', why: 'warm intros get answered far more often.' },
        { text: 'Send a short monthly update to every investor you meet', why: 'momentum over months is what converts a "not yet".' },
      ];
    case 'marketing':
      return [
        { text: `Pick one customer segment for ${idea} and say its message in one sentence`, why: 'a message for everyone lands with no one.' },
        { text: `Go where they already are: ${CHANNELS[industry]}`, why: 'borrowed audiences are cheaper than building one.' },
        { text: 'Launch a waitlist or pre-order page and track the sign-up rate', why: 'sign-ups are the first honest demand signal.' },
        { text: 'Post weekly on Twitter and in relevant subreddits; I can draft the posts', why: 'consistency compounds on social channels.' },
        { text: 'Track one number per channel and drop what does not move it', why: 'focus frees time for the channel that works.' },
      ];
    case 'idea':
      return [
        { text: `Say it in one sentence: "For [customer] who [pain], ${idea} [does what], unlike [alternative]"`, why: 'if it does not fit one sentence, it is not sharp yet.' },
        { text: 'Name the one customer who needs it most; narrower is stronger', why: 'early products win a niche before a market.' },
        { text: `Answer "why now?": what changed that makes ${idea} possible or urgent`, why: 'timing is the question every investor asks.' },
        { text: 'Find the riskiest assumption and test it this week', why: 'cheap tests now save expensive builds later.' },
        { text: 'Cut every feature that does not serve the core pain', why: 'a smaller product ships sooner and teaches faster.' },
      ];
    default:
      return [
        { text: `Your next milestone: ${NEXT_MILESTONE[p?.stage ?? 'Just an idea']}`, why: 'it is the step that unlocks the next stage.' },
        { text: 'Talk to at least 3 users or prospects every week', why: 'the answers to most questions are with your customers.' },
        { text: 'Ship something small every week and measure it', why: 'short loops beat long plans.' },
        { text: 'Write down this week\'s one goal and review it on Friday', why: 'a written goal is one you can check.' },
        { text: 'Tell me what is blocking you and I will break it into tasks', why: 'a blocker named is half solved.' },
      ];
  }
}

function headingFor(intent: Intent, request: string, c: AiContext, idea: string, pending: ContextTask[]): string {
  switch (intent) {
    case 'tasks':
      if (asksForTasks(request)) return `On it: I'm adding a fresh set of tasks for ${idea} to your list, skipping anything already on it.`;
      return pending.length
        ? `You have ${pending.length} open task${pending.length === 1 ? '' : 's'} for ${idea}. The top ones:`
        : `You have no open tasks yet. Say "create tasks" and I'll plan your first week for ${idea}.`;
    case 'research':
      return `Here's how I'd research the market for ${idea}:`;
    case 'investors':
      return `Here's how I'd approach investors for ${idea}:`;
    case 'marketing':
      return `Here's a go-to-market plan for ${idea}:`;
    case 'idea':
      return `Let's sharpen ${idea}:`;
    case 'greeting':
      return `I'm ${c.settings.internName}, your co-founder for ${idea}. Here's where I'd start:`;
    default: {
      const topic = words(request).slice(0, 8).join(' ').replace(/[?.!]+$/, '');
      return `Here's how I'd move ${idea} forward${topic ? ` on "${topic}"` : ''}:`;
    }
  }
}

/**
 * A useful offline answer: the intent picks the advice, the founder's own pending tasks are quoted first
 * where they fit, and the intern settings set the voice, the number of points and the extras.
 */
export function chatReply(request: string, c: AiContext): string {
  const voice = voiceOf(c.settings, c.profile);
  const idea = ideaPhrase(c.profile);
  const intent = detectIntent(request);
  const pending = c.tasks.filter((t) => t.status !== 'completed');
  const area = INTENT_AREA[intent];
  const ownTasks = area ? pending.filter((t) => AGENT_CATEGORY[t.agent] === area).slice(0, 1).map(taskPoint) : [];
  const creating = intent === 'tasks' && asksForTasks(request);
  const points = creating
    ? []
    : intent === 'tasks'
      ? pending.map((t) => ({ text: `**${t.description}** (priority ${t.priority}, ${t.status.replace(/_/g, ' ')})`, why: '' }))
      : intent === 'greeting'
        ? pending.slice(0, 1).map(topTaskPoint).concat(adviceFor('general', c.profile, idea))
        : ownTasks.concat(adviceFor(intent, c.profile, idea));
  const bullets = points
    .slice(0, voice.points)
    .map((pt) => `- ${pt.text}${voice.explain && pt.why ? ` (${pt.why.replace(/\.$/, '')}).` : pt.why ? '.' : ''}`);
  // Offering to make tasks is pointless in an answer about tasks.
  const closing = intent === 'tasks' ? '' : voice.closing;
  const opener = [intent === 'greeting' ? voice.hello : '', voice.opener].filter(Boolean).join(' ');
  // An attached page is acknowledged first, so the founder sees the answer is about what they are reading.
  const page = c.page ? pageNote(c.page) : '';
  const parts = [opener, page, headingFor(intent, request, c, idea, pending), bullets.join('\n'), voice.focusTip, closing];
  return voice.finish(parts.filter(Boolean).join('\n\n'));
}
