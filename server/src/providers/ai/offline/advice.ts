import {
  AGENT_CATEGORY,
  type OnboardingProfile,
  type TaskCategory,
  type TaskStatus,
} from '@cofounder/shared';
import type { AiContext, ContextTask } from '../port.ts';
import { coldEmail, post, tweet } from './drafts.ts';
import {
  CHANNELS,
  industryNoun,
  industryOf,
  isEarly,
  NEXT_MILESTONE,
  stageOf,
  type Industry,
  type Stage,
} from './facts.ts';
import { detectIntent, opensWithGreeting, type ChatIntent } from './intents.ts';
import { audienceOf, competitorOf, ideaAudience, pluralOf } from './nouns.ts';
import { pageNote } from './page.ts';
import { ideaPhrase } from './text.ts';
import { voiceOf, type Lens, type Point, type Voice } from './voice.ts';

/** What one reply is built from: the request, the founder's facts and the voice to say it in. */
interface Ask {
  request: string;
  profile: OnboardingProfile | null;
  /** The founder's idea as a short quoted phrase. */
  idea: string;
  /** Open tasks, highest priority first. */
  open: ContextTask[];
  voice: Voice;
  internName: string;
}

/** Advice on one topic: a heading for direct founders and one for everyone else, the suggestions, the work areas. */
interface Advice {
  terse: string;
  full: string;
  points: Point[];
  /** An open task in one of these areas is named first: the founder already planned that work. */
  areas: TaskCategory[];
  after?: string;
}

const point = (text: string, why: string, lens?: Lens): Point => ({ text, why, lens });

/** Who advice about customers or prices is for: the message's own words, else whom the idea serves. */
const audience = (a: Ask, fallback: string): { named: string | null; all: string } => {
  const named = audienceOf(a.request);
  const all = named ?? ideaAudience(a.profile);
  return { named: named && pluralOf(named), all: all ? pluralOf(all) : fallback };
};

const PRICE_MODEL: Record<Industry, { model: string; tiers: string }> = {
  saas: {
    model: 'a monthly subscription in three tiers',
    tiers: 'Starter $29, Team $99 and Business $299 a month',
  },
  tech: {
    model: 'usage-based pricing with a free tier',
    tiers: 'free up to a usage limit, then Pro at $20 a month and Team at $50 per user',
  },
  fintech: {
    model: 'a small per-transaction fee plus a monthly platform fee',
    tiers: '0.5-1% per transaction, or $49 a month up to a volume cap',
  },
  ecommerce: {
    model: 'prices at 2-3 times your landed cost per item',
    tiers: 'a single item, a bundle at about 15% off and a subscribe-and-save option',
  },
  healthcare: {
    model: 'a per-provider monthly licence, starting with a paid pilot',
    tiers: 'a 3-month pilot for $500, then $99 per provider a month',
  },
  education: {
    model: 'a free plan for single teachers and per-seat pricing for schools',
    tiers: 'free for one teacher, then $5 per student a year for a school',
  },
  other: {
    model: 'three tiers anchored on the value you deliver',
    tiers: 'Basic, Standard and Premium, with Standard the one most buyers should pick',
  },
};

function pricing(a: Ask): Advice {
  const { named, all } = audience(a, 'potential customers');
  const stage = stageOf(a.profile);
  const step = isEarly(a.profile)
    ? point(
        `Before you fix a price, ask 5 ${all} what they pay for this today, then ask for a pre-order or a paid pilot`,
        'a commitment is the only honest price signal.',
        'stability',
      )
    : stage === 'Building prototype' || stage === 'Have an MVP'
      ? point(
          'Charge from day one; give the first 10 customers a founding price 30-50% off, locked for a year',
          'paying users tell you more than free ones.',
          'growth',
        )
      : point(
          'Raise the price by 20% for new customers and watch the conversion rate',
          'most startups undercharge once they have proof.',
          'growth',
        );
  return {
    terse: `Pricing for ${a.idea}${named ? `, for ${named}` : ''}:`,
    full: `Here's how I'd price ${a.idea} for ${all}:`,
    points: [
      point(
        `For ${all}, start with ${PRICE_MODEL[industryOf(a.profile)].model}`,
        `it matches how ${industryNoun(a.profile, 'buyers')} already pay.`,
      ),
      point(
        `Starting tiers to test: ${PRICE_MODEL[industryOf(a.profile)].tiers}`,
        'with three options most buyers pick the middle one.',
        'growth',
      ),
      step,
      point(
        `Price against what the problem costs ${all} today (time, waste or money), not against your costs`,
        'value-based prices beat cost-plus.',
        'innovation',
      ),
      point(
        'Keep one simple plan until 20 customers pay',
        'fewer choices mean faster decisions, for them and for you.',
        'efficiency',
      ),
      point(
        'Offer annual billing with two months free',
        'it steadies cash flow and cuts churn.',
        'stability',
      ),
    ],
    areas: ['sales'],
  };
}

function customers(a: Ask): Advice {
  const { named, all } = audience(a, 'people who feel the problem most');
  const stage = stageOf(a.profile);
  const step = isEarly(a.profile)
    ? point(
        `Book 10 conversations with ${all} this week; ask how they handle the problem today, not whether they like the idea`,
        'past behaviour predicts buying, compliments do not.',
        'stability',
      )
    : stage === 'Building prototype' || stage === 'Have an MVP'
      ? point(
          `Offer 10 ${all} free access in exchange for honest feedback`,
          'early users show you what is worth paying for.',
          'growth',
        )
      : point(
          'Ask your happiest customers for two introductions each',
          'referrals convert better than any ad.',
          'growth',
        );
  return {
    terse: `Finding customers for ${a.idea}${named ? ` among ${named}` : ''}:`,
    full: `Here's how I'd find the first customers for ${a.idea}${named ? ` among ${named}` : ''}:`,
    points: [
      point(
        `Go where ${all} already are: ${CHANNELS[industryOf(a.profile)]}`,
        'borrowed audiences are cheaper than building one.',
        'growth',
      ),
      point(
        `Start narrow: name 30 ${all} you could reach this month, and where to reach each`,
        'a named list turns a market into people.',
        'efficiency',
      ),
      step,
      point(
        'Write to them one by one, not with a newsletter; say "Draft an email to …" and I\'ll write the first one',
        'founder-written messages get answers early on.',
      ),
      point(
        'Count replies and meetings per channel every week and drop the channel that stays at zero',
        'focus frees time for the channel that works.',
        'stability',
      ),
      point(
        `Try one channel competitors ignore: a partnership, a local event or a newsletter ${all} read`,
        'an empty channel is cheap attention.',
        'innovation',
      ),
    ],
    areas: ['marketing', 'sales'],
  };
}

/** The round a message names: "for a pre-seed round" → "pre-seed", "our Series A" → "Series A". */
const roundOf = (request: string): string | null => {
  const m = /\b(pre-?seed|seed|series [a-d]|angel)\b/i.exec(request);
  if (!m) return null;
  const name = m[1]!.toLowerCase().replace(/^preseed$/, 'pre-seed');
  return name.startsWith('series') ? `Series ${name.slice(-1).toUpperCase()}` : name;
};

function investors(a: Ask): Advice {
  const p = a.profile;
  const stage = stageOf(p);
  const round = roundOf(a.request);
  return {
    terse: `Investors for ${a.idea}:`,
    full: `Here's how I'd approach investors for ${a.idea}:`,
    points: [
      isEarly(p)
        ? point(
            `At the "${stage}" stage, gather evidence before pitching: 10 customer conversations and a waitlist`,
            'pre-product pitches live or die on proof of demand.',
            'stability',
          )
        : point(
            `At the "${stage}" stage, lead your pitch with traction: users, revenue or pilots`,
            'traction answers most investor questions.',
            'growth',
          ),
      point(
        `List 25 investors who fund ${industryNoun(p, 'startups')} ${round ? `at ${round}` : 'at your stage'}`,
        round
          ? `a fund that does not write ${round} checks will not take the meeting.`
          : 'a focused list beats a hundred cold emails.',
        'efficiency',
      ),
      point(
        'Prepare a 10-slide deck: problem, solution, market, traction, team, ask',
        'investors skim; each slide must make one point.',
      ),
      point(
        'Ask founders those investors backed for warm introductions',
        'warm intros get answered far more often.',
        'growth',
      ),
      p?.budget
        ? point(
            `Work out how many months ${p.budget} lasts and start raising 6 months before it runs out`,
            'raising takes longer than planned.',
            'stability',
          )
        : point(
            'Send a short monthly update to every investor you meet',
            'momentum over months turns a "not yet" into a yes.',
            'stability',
          ),
    ],
    areas: ['investor_outreach'],
    after: 'Say "Draft an email to an investor" and I\'ll write the first one.',
  };
}

function competitors(a: Ask): Advice {
  const named = competitorOf(a.request);
  const { all } = audience(a, 'your customers');
  return {
    terse: `Mapping competitors for ${a.idea} (offline I can't look them up, so this is a method):`,
    full: `Offline I can't look competitors up on the web, so here's how I'd map them for ${a.idea}:`,
    points: [
      named
        ? point(
            `Put ${named} in the first row of a comparison grid: price, target customer, main promise and the top complaint in its reviews`,
            'a grid makes the gaps visible.',
          )
        : point(
            'Build a comparison grid of 5 alternatives: price, target customer, main promise and the top complaint in their reviews',
            'a grid makes the gaps visible.',
          ),
      point(
        `Count every alternative ${all} have: direct competitors, established ${industryNoun(a.profile, 'tools')} that cover part of the job, spreadsheets and doing nothing`,
        'doing nothing is often the real competitor.',
        'stability',
      ),
      point(
        `Read their 1-3 star reviews and mark the complaints ${a.idea} fixes`,
        'their weak spots are your opening.',
        'innovation',
      ),
      point(
        `Write one sentence: "Unlike [alternative], ${a.idea} …" and test it on 5 prospects`,
        'a clear difference is what makes people switch.',
        'growth',
      ),
      point(
        `Don't match feature for feature; win on the one thing ${all} care about most`,
        'a small team cannot out-build an incumbent.',
        'efficiency',
      ),
    ],
    areas: ['research'],
  };
}

const STAGE_RISK: Record<Stage, Point> = {
  'Just an idea': point(
    'Demand: nobody may pay for this yet. Test with pre-orders or a paid pilot before you build',
    'building first is the most expensive way to learn.',
    'growth',
  ),
  'Researching the market': point(
    'Focus: researching for too long. Pick one segment by Friday',
    'research only counts when it changes a decision.',
    'efficiency',
  ),
  'Building prototype': point(
    'Scope: building past what the first users need. Cut to the one core flow',
    'every extra feature delays the first test.',
    'efficiency',
  ),
  'Have an MVP': point(
    'Retention: users try it once and leave. Watch who comes back in week 2',
    'retention is the proof that the product works.',
    'growth',
  ),
  'Getting first customers': point(
    'Channel: sales that only work because you do them. Find one channel that brings customers without you',
    'founder-led sales do not scale.',
    'growth',
  ),
  'Growing revenue': point(
    'Scale: support load and cash strain as you grow. Spend ahead of demand only where the numbers say so',
    'growth can break what made you grow.',
    'stability',
  ),
};

const INDUSTRY_RISK: Record<Industry, Point> = {
  tech: point(
    'Technical: the hardest part may not work at scale. Prototype that part first',
    'it is cheaper to learn it now.',
    'innovation',
  ),
  healthcare: point(
    'Regulation: HIPAA and medical-device rules can block a launch. Check which apply now',
    'compliance is slow to add later.',
    'stability',
  ),
  fintech: point(
    'Regulation: licensing, KYC and payments rules. Check which apply before you touch money',
    'regulators do not accept "we were small".',
    'stability',
  ),
  ecommerce: point(
    'Cash: stock and returns tie up money. Start with small batches or pre-orders',
    'inventory is cash you cannot spend.',
    'stability',
  ),
  education: point(
    'Sales cycle: schools buy slowly and once a year. Start with teachers who can say yes alone',
    'a slow cycle burns runway.',
    'efficiency',
  ),
  saas: point(
    'Churn: cheap tools are easy to cancel. Track who is still active after 30 days',
    'churn quietly cancels growth.',
    'growth',
  ),
  other: point(
    'Copying: a larger player could add this as a feature. Win a niche they ignore',
    'a niche is hard for a giant to care about.',
    'innovation',
  ),
};

function risks(a: Ask): Advice {
  const p = a.profile;
  const stage = stageOf(p);
  return {
    terse: `Risks for ${a.idea}:`,
    full: `Here are the risks I'd watch for ${a.idea} at the "${stage}" stage:`,
    points: [
      STAGE_RISK[stage],
      INDUSTRY_RISK[industryOf(p)],
      p?.budget
        ? point(
            `Runway: know how many months ${p.budget} lasts, and the date you must raise or earn more`,
            'running out of money is the most common way startups die.',
            'stability',
          )
        : point(
            'Runway: write down how many months you can fund this and the date you decide to stop, raise or earn more',
            'running out of money is the most common way startups die.',
            'stability',
          ),
      ...(p?.timeline
        ? [
            point(
              `Time: your timeline is "${p.timeline}". Cut scope before you miss it`,
              'a missed date costs more than a smaller launch.',
              'efficiency',
            ),
          ]
        : []),
      ...(p?.goals.includes('funding')
        ? [
            point(
              'Fundraising: pitching before you have evidence. Lead with traction or customer conversations',
              'investors fund proof, not plans.',
              'growth',
            ),
          ]
        : []),
      point(
        `Write down the 3 riskiest assumptions behind ${a.idea} and the cheapest test for each this week`,
        'cheap tests now save expensive builds later.',
        'efficiency',
      ),
    ],
    areas: ['research'],
  };
}

function research(a: Ask): Advice {
  return {
    terse: `Market research for ${a.idea}:`,
    full: `Here's how I'd research the market for ${a.idea}:`,
    points: [
      point(
        `Interview 10 people who have the problem ${a.idea} solves`,
        'direct conversations reveal pains that surveys miss.',
        'stability',
      ),
      point(
        'Compare 5 competitors on price, positioning and reviews',
        'their weak spots are your opening.',
        'innovation',
      ),
      point(
        'Size the market bottom-up: number of buyers times what each would pay',
        'investors trust a bottom-up estimate.',
        'growth',
      ),
      point(
        `Read the forum and Reddit threads where ${industryNoun(a.profile, 'buyers')} complain`,
        'unfiltered complaints show what to build first.',
        'efficiency',
      ),
      point(
        'Write the findings on one page and decide what to test next',
        'research only counts when it changes a decision.',
      ),
    ],
    areas: ['research'],
  };
}

function idea(a: Ask): Advice {
  return {
    terse: `Sharpening ${a.idea}:`,
    full: `Let's sharpen ${a.idea}:`,
    points: [
      point(
        `Say it in one sentence: "For [customer] who [pain], ${a.idea} [does what], unlike [alternative]"`,
        'if it does not fit one sentence, it is not sharp yet.',
      ),
      point(
        'Name the one customer who needs it most; narrower is stronger',
        'early products win a niche before a market.',
        'growth',
      ),
      point(
        `Answer "why now?": what changed that makes ${a.idea} possible or urgent`,
        'timing is the question every investor asks.',
        'innovation',
      ),
      point(
        'Find the riskiest assumption and test it this week',
        'cheap tests now save expensive builds later.',
        'stability',
      ),
      point(
        'Cut every feature that does not serve the core pain',
        'a smaller product ships sooner and teaches faster.',
        'efficiency',
      ),
    ],
    areas: [],
  };
}

const GOAL_STEP: Record<OnboardingProfile['goals'][number], Point> = {
  validate: point(
    'Talk to 3 potential customers this week about the problem',
    'the answers to most questions are with your customers.',
    'growth',
  ),
  build: point(
    'Cut the MVP to its 3 core features and ship the first one',
    'a smaller product ships sooner and teaches faster.',
    'efficiency',
  ),
  customers: point(
    'Send 20 personal outreach messages this week',
    'the first customers come from direct asks.',
    'growth',
  ),
  funding: point(
    'Outline your 10-slide deck and list 25 investors',
    'a ready deck lets you move when a door opens.',
    'stability',
  ),
  scale: point(
    'Put more budget into your best channel and measure the return',
    'doubling what works beats starting something new.',
    'growth',
  ),
  learn: point(
    'Read one case study of a startup like yours and note what you would copy',
    'their mistakes are cheaper than yours.',
    'innovation',
  ),
};

function whatNext(a: Ask): Advice {
  const p = a.profile;
  return {
    terse: `Next for ${a.idea}:`,
    full: `Here's what I'd do next for ${a.idea}:`,
    points: [
      point(
        `Your next milestone at the "${stageOf(p)}" stage: ${NEXT_MILESTONE[stageOf(p)]}`,
        'it is the step that unlocks the next stage.',
      ),
      ...(p?.goals ?? ['validate' as const]).slice(0, 2).map((goal) => GOAL_STEP[goal]),
      ...(p?.timeline
        ? [
            point(
              `Plan backwards from your timeline ("${p.timeline}")`,
              'a date turns a wish into a plan.',
              'efficiency',
            ),
          ]
        : []),
      point(
        "Write down this week's one goal and check it on Friday",
        'a written goal is one you can check.',
        'efficiency',
      ),
      point(
        'Try one new thing this week: a channel, a price or a feature competitors lack',
        'small bets find the unexpected wins.',
        'innovation',
      ),
      point(
        'Check your runway and the legal basics: company, contracts, data',
        'a surprise there stops everything else.',
        'stability',
      ),
    ],
    areas: [],
  };
}

/** Advice as a reply: heading, the founder's own task in this area, the suggestions in their voice, the offer of tasks. */
function advise(a: Ask, advice: Advice): string[] {
  // What next starts from the top of the list, whatever its area.
  const own = advice.areas.length
    ? a.open.find((t) => advice.areas.includes(AGENT_CATEGORY[t.agent]))
    : a.open[0];
  const ownLine =
    own &&
    `${advice.areas.length ? 'Already on your list' : 'Top of your list'}: **${own.description}** (priority ${own.priority}).`;
  return [
    a.voice.heading(advice.terse, advice.full),
    ownLine ?? '',
    a.voice.list(advice.points),
    advice.after ?? '',
    a.voice.focusTip,
    a.voice.closing,
  ];
}

const STATUS: Record<TaskStatus, string> = {
  pending: 'to do',
  in_progress: 'in progress',
  completed: 'done',
  failed: 'failed',
  paused_login_required: 'waiting for a login',
};

function status(a: Ask): string[] {
  const n = a.open.length;
  if (n === 0)
    return [`You have no open tasks yet. Say "create tasks" and I'll plan your first week for ${a.idea}.`];
  const counts = Object.entries(STATUS)
    .map(([s, label]) => [a.open.filter((t) => t.status === s).length, label] as const)
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count} ${label}`);
  return [
    `You have ${n} open task${n === 1 ? '' : 's'} for ${a.idea} (${counts.join(', ')}). The top ones:`,
    a.voice.list(
      a.open.map((t) => point(`**${t.description}** (priority ${t.priority}, ${STATUS[t.status]})`, '')),
    ),
    'Finished tasks are listed in Intern Activity.',
  ];
}

/** What the offline co-founder can do, in plain words (said when it cannot answer). */
const CAN_DO = [
  'Draft a cold email ("Draft an email to a bakery owner in Lisbon")',
  'Draft a LinkedIn, Reddit or blog post, or a tweet',
  'Suggest pricing, ways to find customers and an approach to investors',
  'Map competitors, name your risks and say what to do next',
  'Create tasks ("create tasks") or show where your tasks stand ("what are my tasks?")',
];

const CONNECT_MODEL =
  'For real answers to any question, connect a model on the server and restart it: set OPENAI_API_KEY to an OpenAI key, ' +
  'or use an OpenAI-compatible server such as a local Ollama with OPENAI_BASE_URL=http://localhost:11434/v1, ' +
  'OPENAI_MODEL set to your model and any OPENAI_API_KEY.';

function greeting(a: Ask): string[] {
  const top = a.open[0];
  return [
    `I'm ${a.internName}, your offline co-founder for ${a.idea}.`,
    top ? `Top of your list: **${top.description}** (priority ${top.priority}).` : '',
    'Ask me to draft an email, a post or a tweet, or ask about pricing, customers, investors, competitors, risks or what to do next.',
  ];
}

function unknown(a: Ask): string[] {
  return [
    "I'm the offline co-founder: there's no language model behind me, so I can't answer that one properly. " +
      `Here's what I can do offline, from your profile and tasks for ${a.idea}:`,
    CAN_DO.map((line) => `- ${line}`).join('\n'),
    CONNECT_MODEL,
  ];
}

const REPLY: Record<ChatIntent, (a: Ask) => string[]> = {
  // The note that follows says what was added; this line promises nothing the plan may not deliver.
  create_tasks: (a) => [
    `On it: I'm planning tasks for ${a.idea} from what you asked, checked against your list so nothing is added twice. The note below says what I added.`,
  ],
  draft_email: (a) => [coldEmail(a.request, a.profile, a.voice)],
  draft_tweet: (a) => [tweet(a.request, a.profile, a.voice)],
  draft_post: (a) => [post(a.request, a.profile, a.voice)],
  status,
  pricing: (a) => advise(a, pricing(a)),
  investors: (a) => advise(a, investors(a)),
  competitors: (a) => advise(a, competitors(a)),
  risks: (a) => advise(a, risks(a)),
  research: (a) => advise(a, research(a)),
  customers: (a) => advise(a, customers(a)),
  idea: (a) => advise(a, idea(a)),
  what_next: (a) => advise(a, whatNext(a)),
  greeting,
  unknown,
};

/**
 * The offline answer to a chat message: the intent picks what to do (a draft, advice, the task list, or an
 * honest "I can't, here is what I can"), the profile, open tasks and the message's own nouns fill it in, and the
 * intern settings set the voice, the length and the order of the suggestions.
 */
export function chatReply(request: string, c: AiContext): string {
  const voice = voiceOf(c.settings, c.profile);
  const intent = detectIntent(request);
  const a: Ask = {
    request,
    profile: c.profile,
    idea: ideaPhrase(c.profile),
    open: c.tasks.filter((t) => t.status !== 'completed'),
    voice,
    internName: c.settings.internName,
  };
  const hello = intent === 'greeting' || opensWithGreeting(request) ? voice.hello : '';
  // No "Sure!" before a greeting or before saying it cannot help.
  const opener = intent === 'greeting' || intent === 'unknown' ? '' : voice.opener;
  // An attached page is acknowledged first, so the founder sees the answer is about what they are reading.
  const page = c.page ? pageNote(c.page) : '';
  const parts = [[hello, opener].filter(Boolean).join(' '), page, ...REPLY[intent](a)];
  return voice.finish(parts.filter(Boolean).join('\n\n'));
}
