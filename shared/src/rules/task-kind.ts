import type { TaskAgent } from '../schemas/task.ts';

/**
 * What a task asks for, by its verb and its object (issue 22 §1): "Outline a 10-slide pitch deck for our seed round"
 * is a pitch deck whatever else it mentions, "Find 20 seed investors in fintech" is investor research. The object is
 * the noun phrase after the verb ("a list of 25 investors" is about investors); a keyword elsewhere in the sentence
 * ("…for our seed round", "…the investor deck") never decides the kind. Each kind has one output contract
 * (schemas/task-outputs.ts) and one agent.
 */
export const TASK_KINDS = [
  'pitch_deck_outline',
  'pricing_benchmark',
  'sales_pipeline',
  'cold_email',
  'social_posts',
  'prospect_list',
  'build_spec',
  'investor_research',
  'research_brief',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The agent that does each kind of task. A pitch deck is a written document, not investor research. */
export const KIND_AGENT: Record<TaskKind, TaskAgent> = {
  pitch_deck_outline: 'research_agent',
  pricing_benchmark: 'research_agent',
  research_brief: 'research_agent',
  sales_pipeline: 'sales_agent',
  prospect_list: 'customer_outreach',
  cold_email: 'sales_agent',
  social_posts: 'marketing_agent',
  build_spec: 'coding_agent',
  investor_research: 'investor_outreach_agent',
};

/** The work an agent does when its task's words name no kind ("Reply to this activity" under marketing is posts). */
export const AGENT_DEFAULT_KIND: Record<TaskAgent, TaskKind> = {
  research_agent: 'research_brief',
  marketing_agent: 'social_posts',
  sales_agent: 'prospect_list',
  customer_outreach: 'prospect_list',
  coding_agent: 'build_spec',
  investor_outreach_agent: 'investor_research',
};

export interface TaskKindOf {
  kind: TaskKind;
  /** The number the task asks for ("5 SaaS tools", "10-slide", "twenty investors"), or null. */
  count: number | null;
  /** The work's object as written, lower case: "pricing of 5 saas tools that compete with us". */
  object: string;
  /** False when neither the object nor the verb named a kind and `kind` is only the research default. */
  named: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};

const OPENERS =
  /^(?:(?:please|pls|kindly|can you|could you|would you|let'?s|let us|i need you to|help me)\s+)+/;

/** Verbs a task opens with; longer phrases first so "set up" wins over "set". */
const VERBS = [
  'reach out to',
  'set up',
  'put together',
  'come up with',
  'break down',
  'double down on',
  'follow up with',
  'sign up',
  'outline',
  'draft',
  'write',
  'compose',
  'prepare',
  'create',
  'make',
  'produce',
  'design',
  'build',
  'develop',
  'implement',
  'code',
  'fix',
  'launch',
  'ship',
  'define',
  'map',
  'plan',
  'find',
  'identify',
  'list',
  'compile',
  'collect',
  'gather',
  'source',
  'research',
  'analyse',
  'analyze',
  'investigate',
  'study',
  'review',
  'estimate',
  'benchmark',
  'compare',
  'price',
  'check',
  'assess',
  'evaluate',
  'interview',
  'recruit',
  'contact',
  'email',
  'message',
  'pitch',
  'offer',
  'post',
  'tweet',
  'publish',
  'share',
  'schedule',
  'join',
  'turn',
  'pick',
  'choose',
  'track',
  'measure',
  'test',
  'validate',
  'run',
  'start',
  'get',
  'send',
].sort((a, b) => b.length - a.length);

/** Object heads, checked in this order: the first that the object names decides the kind. */
const OBJECT_KINDS: [TaskKind, RegExp][] = [
  ['pitch_deck_outline', /\b(?:pitch(?:[- ]deck)?|deck|slides?)\b/],
  ['sales_pipeline', /\b(?:pipeline|funnel)s?\b/],
  ['pricing_benchmark', /\b(?:pricing|prices?|price points?|plans and prices)\b/],
  ['cold_email', /\b(?:e-?mails?|cold e-?mails?|intro(?:duction)? e-?mails?)\b/],
  [
    'research_brief',
    /\b(?:case stud(?:y|ies)|problem statement|report|analysis|brief|memo|assumptions|market size)\b/,
  ],
  [
    'social_posts',
    /\b(?:posts?|tweets?|threads?|teasers?|(?:reddit|twitter|x|linkedin) (?:account|communit\w+|stories|story))\b/,
  ],
  ['investor_research', /\b(?:investors?|vcs?|angels?|venture (?:capital(?:ists)?|funds?)|funds)\b/],
  [
    'prospect_list',
    /\b(?:customers?|prospects?|leads?|clients?|users?(?! tests?)|buyers?|clinicians?|teachers?|schools?|outreach|pilots?|partners?|designers?|developers?|freelancers?|owners?|managers?|marketers?|agenc(?:y|ies)|creators?|consultants?|coaches?|studios?|restaurants?|baker(?:y|ies)|caf[eé]s?|shops?|stores?|retailers?|businesses|companies|dentists?|doctors?|lawyers?|accountants?)\b/,
  ],
  [
    'build_spec',
    /\b(?:prototype|mvp|app|feature|flow|analytics|stack|landing page|website|api|integration|sign-?up|onboarding|dashboard|code)\b/,
  ],
];

/** When the object names nothing above, the verb decides. */
const VERB_KINDS: [TaskKind, string[]][] = [
  ['pricing_benchmark', ['benchmark', 'price']],
  ['social_posts', ['post', 'tweet', 'publish', 'share', 'schedule']],
  ['cold_email', ['email', 'message']],
  ['prospect_list', ['reach out to', 'contact', 'recruit', 'interview', 'follow up with']],
  ['build_spec', ['build', 'develop', 'implement', 'code', 'fix', 'ship', 'design']],
];

/** Where an object phrase ends: the words that start who it is for, where, or why. */
const OBJECT_END = /\s(?:for|to|with|in|on|among|that|which|who|so|about|by|from|at|and then)\s|[:;,.()!?]/;

/** "Research 20 investors and draft intro emails": a second verb starts a second clause, so the object ends there. */
const SECOND_CLAUSE = new RegExp(`\\s(?:and|then|and then)\\s(?:${VERBS.join('|')})\\b`);

/** "a list of 25 investors" → "25 investors": a container's object is what it contains. */
const CONTAINER =
  /^(?:(?:a|an|the|my|our|your)\s+)?(?:short|full|ranked|)\s*(?:list|set|table|spreadsheet|database|shortlist|series|batch|sequence|week|handful)\s+of\s+/;

/** The first number in the text; "one-page" is an adjective, "10-slide" a count. */
export const countIn = (text: string): number | null => {
  const m = text.match(
    /\b(\d{1,3})\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty(?:-five)?|thirty|forty|fifty|hundred)\b(?!-)/,
  );
  if (!m) return null;
  return m[1] ? Number(m[1]) : (NUMBER_WORDS[m[2]!] ?? null);
};

/** The verb the task opens with (after "please" and the like) and the rest of the sentence. */
function splitVerb(description: string): { verb: string | null; rest: string } {
  const text = description.toLowerCase().replace(/\s+/g, ' ').trim().replace(OPENERS, '');
  const verb = VERBS.find((v) => text === v || text.startsWith(`${v} `)) ?? null;
  return { verb, rest: verb ? text.slice(verb.length).trim() : text };
}

/** The task's kind, the number it asks for and its object (the rule above). */
export function taskKind(description: string): TaskKindOf {
  const { verb, rest } = splitVerb(description);
  // The founder's idea is often quoted inside a task ("…for \"An app that helps bakeries\""): it is not the object.
  // An address or link is a someone or somewhere, and its dots do not end the object.
  const inside = rest
    .replace(/"[^"]*"|“[^”]*”/g, 'it')
    .replace(/\S+@\S+|https?:\/\/\S+/g, 'someone')
    .replace(CONTAINER, '');
  const ends = [inside.search(OBJECT_END), inside.search(SECOND_CLAUSE)].filter((i) => i !== -1);
  // "the pricing of 5 SaaS tools": "of" joins the head to what it is about, so both belong to the object.
  const head = inside.slice(0, Math.min(inside.length, ...ends));
  const count = countIn(head) ?? countIn(inside.slice(0, 80));
  // "Research what investors look for", "Map how schools buy tools": a question to answer is research.
  const object = inside.slice(0, 120).trim();
  if (/^(?:what|how|why|whether|which|where|when)\b/.test(head))
    return { kind: 'research_brief', count, object, named: true };
  const byObject = OBJECT_KINDS.find(([, words]) => words.test(head))?.[0];
  const byVerb = verb ? VERB_KINDS.find(([, verbs]) => verbs.includes(verb))?.[0] : undefined;
  const named = byObject ?? byVerb;
  return { kind: named ?? 'research_brief', count, object, named: named !== undefined };
}

/** The agent that should do this task. */
export const agentForTask = (description: string): TaskAgent => KIND_AGENT[taskKind(description).kind];
