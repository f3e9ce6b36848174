import { DEFAULT_INTERN_SETTINGS, POST_LIMITS, type InternSettings, type OnboardingProfile } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import { bakeryProfile } from '../../test/factories.ts';
import { asksForTasks } from './intent.ts';
import { createOfflineProvider } from './offline.ts';
import { DRAFT_NOTE } from './offline/drafts.ts';
import { detectIntent, type ChatIntent } from './offline/intents.ts';
import { words } from './offline/text.ts';
import type { ChatRequest, ContextTask } from './port.ts';

// The offline co-founder's chat (issue 22 §3, §8): it does what the founder asked, from the profile, the open
// tasks and the message's own nouns, never quotes more than 80 characters of the message, and says plainly
// what it cannot do. The intern settings change its wording, length and the order of its suggestions.

const ai = createOfflineProvider();

const ada = bakeryProfile;

const TASKS: ContextTask[] = [
  { description: 'Interview 10 bakery owners about waste', priority: 9, status: 'pending', agent: 'research_agent' },
  { description: 'Post the launch thread on Twitter', priority: 7, status: 'pending', agent: 'marketing_agent' },
];

interface Say {
  settings?: Partial<InternSettings>;
  tasks?: ContextTask[];
  profile?: OnboardingProfile | null;
}

function request(text: string, { settings = {}, tasks = TASKS, profile = ada() }: Say = {}): ChatRequest {
  return {
    system: 'unused offline',
    messages: [{ role: 'user', content: text }],
    maxTokens: 400,
    context: { profile, settings: { ...DEFAULT_INTERN_SETTINGS, ...settings }, tasks },
  };
}

const say = (text: string, options: Say = {}) => ai.complete(request(text, options));

/** The reply never repeats more than 80 characters of the founder's message in a row. */
function expectNoEcho(message: string, reply: string) {
  for (let i = 0; i + 81 <= message.length; i++) {
    const run = message.slice(i, i + 81);
    if (reply.includes(run)) throw new Error(`reply echoes the message: "${run}"`);
  }
}

const bullets = (reply: string) => reply.split('\n').filter((l) => l.startsWith('- '));
/** The drafted tweets: each blockquote line of the reply. */
const tweets = (reply: string) => reply.split('\n').filter((l) => l.startsWith('> ')).map((l) => l.slice(2));

describe('offline chat intents', () => {
  const CASES: [string, ChatIntent][] = [
    ['Draft a cold email to a bakery owner in Lisbon', 'draft_email'],
    ['Write an email to investors about our seed round', 'draft_email'],
    ['Email Maria at Café Lua about a pilot', 'draft_email'],
    ['Draft a tweet', 'draft_tweet'],
    ['Draft a tweet about our pricing', 'draft_tweet'],
    ['Write a thread about our beta launch', 'draft_tweet'],
    ['Write a LinkedIn post for small agencies about cutting bread waste', 'draft_post'],
    ['Draft a Reddit post asking for feedback', 'draft_post'],
    ['How are my tasks going?', 'status'],
    ["What's done so far?", 'status'],
    ['How should I price this for small agencies?', 'pricing'],
    ['How should I approach investors?', 'investors'],
    ['How do we compete with Toast?', 'competitors'],
    ['What are the biggest risks?', 'risks'],
    ['What could kill this startup?', 'risks'],
    ['How should I research my market?', 'research'],
    ['How do I find my first customers?', 'customers'],
    ["What's a good go-to-market strategy?", 'customers'],
    ['Help me refine my business idea', 'idea'],
    ['What should I focus on this week?', 'what_next'],
    ['Create tasks for my launch this week', 'create_tasks'],
    ['Plan my week', 'create_tasks'],
    ['Hey there!', 'greeting'],
    ['Hello! How do I find my first customers?', 'customers'],
    ['What is the capital of France?', 'unknown'],
  ];

  it.each(CASES)('%s → %s', (text, intent) => {
    expect(detectIntent(text)).toBe(intent);
  });

  it('creates tasks exactly when the conversation service stores a plan', () => {
    for (const [text] of CASES) expect(detectIntent(text) === 'create_tasks').toBe(asksForTasks(text));
  });
});

describe('offline chat replies', () => {
  it('drafts a cold email to the recipient the founder names', async () => {
    const reply = await say('Draft a cold email to a bakery owner in Lisbon');
    expect(reply).toContain("Here's a cold email to a bakery owner in Lisbon:");
    expect(reply).toContain('**Subject:** Quick question for a bakery owner in Lisbon');
    expect(reply).toContain('Hi [name of the bakery owner in Lisbon],');
    expect(reply).toContain("I'm Ada, and I'm building an app that helps bakeries cut food waste.");
    expect(reply).toContain("I'm writing to you as a bakery owner in Lisbon because before I build anything");
    // The call to action of a founder who has only an idea: a conversation, not a sale.
    expect(reply).toContain('Would you have 15 minutes this week for a short call?');
    expect(reply).toContain('Best regards,  \nAda Lovelace  \nFounder');
    expect(reply.trim().endsWith(DRAFT_NOTE)).toBe(true);
  });

  it('tells a customer at the MVP stage that the first version is live', async () => {
    const reply = await say('Draft a cold email to a bakery owner in Lisbon', { profile: ada({ stage: 'Have an MVP' }) });
    expect(reply).toContain("because our first version is live, and I'm offering a few early users free access");
    expect(reply).not.toContain('because it works today');
  });

  it('pitches investors by stage, and greets a named recipient by name', async () => {
    const investor = await say('Write an email to investors about our seed round', { profile: ada({ stage: 'Have an MVP' }) });
    expect(investor).toContain('**Subject:** Intro: "An app that helps bakeries cut…"');
    expect(investor).toContain('Hi [first name],');
    expect(investor).toContain(`we're at the "Have an MVP" stage, and I'd like to share our traction with you`);
    expect(investor).toContain('20-minute call');
    const named = await say('Email Maria at Café Lua about a pilot');
    expect(named).toContain('**Subject:** Quick question, Maria');
    expect(named).toContain('Hi Maria,');
  });

  it('drafts a tweet within 280 characters from the idea, and uses the topic and audience asked for', async () => {
    const plain = await say('Draft a tweet');
    const [text] = tweets(plain);
    expect(tweets(plain)).toHaveLength(1);
    expect(text).toBe("I'm building an app that helps bakeries cut food waste. Bakeries: how do you handle this today? Replies welcome. #buildinpublic #SaaS");
    expect(plain).toContain(`(${text!.length}/280 characters)`);

    const aimed = await say('Draft a tweet about our beta launch for bakery owners', { profile: ada({ stage: 'Have an MVP' }) });
    const [launch] = tweets(aimed);
    expect(launch).toContain('A quick update on our beta launch.');
    expect(launch).toContain('Built for bakery owners.');
    expect(launch).toContain("Bakery owners: I'm looking for 10 early users to try it free.");
    expect(launch!.length).toBeLessThanOrEqual(POST_LIMITS.tweetMaxChars);
  });

  it('drafts a thread of three tweets, each within 280 characters', async () => {
    const reply = await say('Write a thread about our beta launch');
    const thread = tweets(reply);
    expect(thread.map((t) => t.slice(0, 4))).toEqual(['1/3 ', '2/3 ', '3/3 ']);
    for (const t of thread) expect(t.length).toBeLessThanOrEqual(POST_LIMITS.tweetMaxChars);
    expect(thread[1]).toContain('Where we are: talking to people who have the problem before building anything.');
  });

  it('drafts a LinkedIn post with a hook, a body and hashtags, and a Reddit post with a title', async () => {
    const linkedin = await say('Write a LinkedIn post for small agencies about cutting bread waste');
    expect(linkedin).toContain("Here's a LinkedIn post about cutting bread waste:");
    // A topic may be a clause: its verbs stay ("get paid late" is the point of the post).
    expect(await say('Write a LinkedIn post about why freelancers get paid late')).toContain(
      "Here's a LinkedIn post about why freelancers get paid late:",
    );
    expect(linkedin).toContain('Some thoughts on cutting bread waste.');
    expect(linkedin).toContain("I'm building an app that helps bakeries cut food waste, for small agencies.");
    expect(linkedin).toContain('Small agencies: how do you handle this today?');
    expect(linkedin).toContain('#SaaS #startups #buildinpublic');
    const reddit = await say('Draft a Reddit post asking for feedback');
    expect(reddit).toContain('**Title:** Feedback wanted: "An app that helps bakeries cut…"');
    expect(reddit).not.toContain('#startups');
  });

  it('prices for the audience in the message, with tiers for the industry', async () => {
    const reply = await say('How should I price this for a small agency that does web design?');
    expect(reply).toContain(`Here's how I'd price "An app that helps bakeries cut food waste" for small agencies:`);
    expect(reply).toContain('- For small agencies, start with a monthly subscription in three tiers.');
    expect(reply).toContain('- Starting tiers to test: Starter $29, Team $99 and Business $299 a month.');
    expect(reply).toContain('- Before you fix a price, ask 5 small agencies what they pay for this today');
    expect(reply).not.toContain('web design');
    const shop = await say('What should I charge?', { profile: ada({ industry: 'ecommerce', stage: 'Growing revenue' }) });
    expect(shop).toContain('prices at 2-3 times your landed cost');
    expect(shop).toContain('Raise the price by 20% for new customers');
  });

  it('finds customers among the audience named, with the founder\'s own task first', async () => {
    const reply = await say('How do I find customers among dentists in Berlin?');
    expect(reply).toContain(`Here's how I'd find the first customers for "An app that helps bakeries cut food waste" among dentists in Berlin:`);
    expect(reply).toContain('Already on your list: **Post the launch thread on Twitter** (priority 7).');
    expect(reply).toContain('- Go where dentists in Berlin already are: LinkedIn, search content and integration marketplaces.');
    expect(reply).toContain('- Book 10 conversations with dentists in Berlin this week');
  });

  it('answers investors, competitors, risks and what next from the profile and tasks', async () => {
    const investors = await say('How should I approach investors?', { profile: ada({ budget: '$20k' }) });
    expect(investors).toContain('- At the "Just an idea" stage, gather evidence before pitching');
    expect(investors).toContain('- List 25 investors who fund SaaS startups at your stage.');
    expect(investors).toContain('Say "Draft an email to an investor"');

    const rivals = await say('How do we compete with Toast?');
    expect(rivals).toContain("Offline I can't look competitors up on the web");
    expect(rivals).toContain('- Put Toast in the first row of a comparison grid');
    expect(rivals).toContain('Already on your list: **Interview 10 bakery owners about waste** (priority 9).');

    const risks = await say('What are the biggest risks?', { profile: ada({ budget: '$20k', timeline: '3 months', goals: ['funding'] }), settings: { responseLength: 'detailed' } });
    expect(risks).toContain('at the "Just an idea" stage:');
    expect(risks).toContain('- Demand: nobody may pay for this yet.');
    expect(risks).toContain('- Churn: cheap tools are easy to cancel.');
    expect(risks).toContain('know how many months $20k lasts');
    expect(risks).toContain('your timeline is "3 months"');
    expect(risks).toContain('- Fundraising: pitching before you have evidence.');

    const next = await say('What should I focus on this week?');
    expect(next).toContain('Top of your list: **Interview 10 bakery owners about waste** (priority 9).');
    expect(next).toContain('Your next milestone at the "Just an idea" stage: validate the problem with 10 customer conversations.');
  });

  it('reports where the tasks stand, creates tasks when asked, and greets', async () => {
    const tasks: ContextTask[] = [...TASKS, { description: 'Draft the pitch deck', priority: 5, status: 'in_progress', agent: 'investor_outreach_agent' }];
    const status = await say('How are my tasks going?', { tasks });
    expect(status).toContain('You have 3 open tasks for "An app that helps bakeries cut food waste" (2 to do, 1 in progress). The top ones:');
    expect(status).toContain('- **Interview 10 bakery owners about waste** (priority 9, to do).');
    expect(status).toContain('Finished tasks are listed in Intern Activity.');
    expect(await say('How are my tasks going?', { tasks: [] })).toContain('You have no open tasks yet. Say "create tasks"');

    const reply = await say('Create tasks for my launch this week');
    expect(reply).toContain("On it: I'm planning tasks for");
    expect(reply).not.toMatch(/fresh set|adding/);

    const hello = await say('Hey there!');
    expect(hello).toMatch(/^Hi Ada\.\n\nI'm AI Intern, your offline co-founder for "An app that helps bakeries cut food waste"\./);
    expect(hello).toContain('Top of your list: **Interview 10 bakery owners about waste**');
  });

  it('says plainly what it can do, and how to connect a model, when it cannot answer', async () => {
    const reply = await say('What is the capital of France?');
    expect(reply).toMatch(/^I'm the offline co-founder: there's no language model behind me, so I can't answer that one properly\./);
    for (const can of ['Draft a cold email', 'LinkedIn, Reddit or blog post, or a tweet', 'Suggest pricing', 'Map competitors', 'Create tasks']) {
      expect(reply).toContain(can);
    }
    expect(reply).toContain('connect a model on the server and restart it: set OPENAI_API_KEY to an OpenAI key');
    expect(reply).toContain('a local Ollama with OPENAI_BASE_URL=http://localhost:11434/v1');
    // No advice pretending to answer.
    expect(reply).not.toContain('France');
    expect(reply).not.toContain('milestone');
  });

  it('never echoes the message: every reply stays under 80 characters of it, even for 10,000 characters', async () => {
    const filler = Array.from({ length: 200 }, (_, i) => `Note ${i}: our ovens run late on Mondays and the unsold rye goes to waste by evening.`).join(' ');
    const messages = [
      `Draft a cold email to a bakery owner in Lisbon. ${filler}`,
      `How should I price this for a small agency that does web design and runs ads for ${filler}`,
      `Draft a tweet about ${filler}`,
      filler,
      // A pasted link is one 10,000-character "word".
      `https://bakery.example/menu?item=${'croissant'.repeat(1200)}`,
      'How should I price this for a small agency that does web design and hosting for restaurants, cafés and bakeries in Lisbon?',
    ].map((m) => m.slice(0, 10_000));
    expect(messages[0]!.length).toBe(10_000);
    for (const message of messages) {
      const reply = await say(message);
      expectNoEcho(message, reply);
      expect(reply.length).toBeLessThan(3000);
    }
    expect(await say(messages[0]!)).toContain('Hi [name of the bakery owner in Lisbon],');
  });
});

describe('offline chat follows the intern settings', () => {
  const ASK = 'How should I price this for small agencies?';

  it("direct, casual and growth (the founder's settings) change wording, order and extras", async () => {
    const plain = await say(ASK);
    const mine = await say(ASK, { settings: { communicationStyle: 'direct', formalityLevel: 'casual', priorityFocus: 'growth' } });
    expect(plain).toMatch(/^Here's how I'd price/);
    expect(mine).toMatch(/^Pricing for "An app that helps bakeries cut food waste", for small agencies:/);
    // Growth puts the growth suggestion first.
    expect(bullets(plain)[0]).toBe('- For small agencies, start with a monthly subscription in three tiers.');
    expect(bullets(mine)[0]).toBe('- Starting tiers to test: Starter $29, Team $99 and Business $299 a month.');
    expect(mine).toContain('With growth as the focus');
    expect(plain).not.toContain('With growth as the focus');
    // Direct skips the offer to make tasks.
    expect(plain).toContain('create tasks');
    expect(mine).not.toContain('create tasks');
  });

  it('each focus leads with its own suggestion', async () => {
    const first = async (priorityFocus: InternSettings['priorityFocus']) =>
      bullets(await say('How do I find my first customers?', { settings: { priorityFocus } }))[0];
    expect(await first('growth')).toMatch(/^- Go where bakeries already are/);
    expect(await first('efficiency')).toMatch(/^- Start narrow: name 30 bakeries/);
    expect(await first('stability')).toMatch(/^- Book 10 conversations with bakeries/);
    expect(await first('innovation')).toMatch(/^- Try one channel competitors ignore/);
  });

  it('length sets the number of suggestions and the reasons', async () => {
    const brief = await say(ASK, { settings: { responseLength: 'brief' } });
    const medium = await say(ASK);
    const detailed = await say(ASK, { settings: { responseLength: 'detailed' } });
    expect(bullets(brief)).toHaveLength(2);
    expect(bullets(medium)).toHaveLength(3);
    expect(bullets(detailed)).toHaveLength(5);
    expect(bullets(detailed)[1]).toBe('- Starting tiers to test: Starter $29, Team $99 and Business $299 a month (with three options most buyers pick the middle one).');
    expect(words(brief).length).toBeLessThan(words(medium).length);
    expect(words(detailed).length).toBeLessThan(350);
    expect(brief).not.toContain('create tasks');
  });

  it('formality and length shape a draft email', async () => {
    const ask = 'Draft a cold email to a bakery owner in Lisbon';
    const formal = await say(ask, { settings: { formalityLevel: 'formal', responseLength: 'detailed' } });
    const casual = await say(ask, { settings: { formalityLevel: 'casual', responseLength: 'brief' } });
    expect(formal).toContain('Dear [name of the bakery owner in Lisbon],');
    expect(formal).toContain('I hope this message finds you well.');
    expect(formal).toContain('Kind regards,');
    expect(formal).toContain('It would take 15 minutes');
    expect(formal).not.toMatch(/\b(I|you|we|it|here|there)'(s|re|ll|ve|m|d)\b/i);
    expect(casual).toContain('Hey [name of the bakery owner in Lisbon],');
    expect(casual).toContain('Cheers,');
    expect(casual).not.toContain('It would take 15 minutes');
    // Brief: one body paragraph.
    expect(casual).toContain("I'm Ada, and I'm building an app that helps bakeries cut food waste. I'm writing to you as a bakery owner in Lisbon");
    expect(words(casual).length).toBeLessThan(words(formal).length);
  });

  it('style changes how a tweet opens, length how many versions and tags', async () => {
    const ask = 'Draft a tweet about our beta launch';
    expect(tweets(await say(ask, { settings: { communicationStyle: 'supportive' } }))[0]).toMatch(/^Excited to share our beta launch!/);
    expect(tweets(await say(ask, { settings: { communicationStyle: 'direct' } }))[0]).toMatch(/^Our beta launch\. I'm building/);
    const brief = tweets(await say(ask, { settings: { responseLength: 'brief' } }));
    const detailed = tweets(await say(ask, { settings: { responseLength: 'detailed' } }));
    expect(brief).toHaveLength(1);
    expect(brief[0]).not.toContain('#buildinpublic');
    expect(detailed).toHaveLength(2);
    expect(detailed[1]).toBe('Where we are: talking to people who have the problem before building anything. Bakeries: how do you handle this today? Replies welcome. #buildinpublic #SaaS');
  });

  it('greets only when greeted, in the chosen formality, and never for direct founders', async () => {
    expect(await say('Hi', { settings: { communicationStyle: 'direct' } })).toMatch(/^I'm AI Intern/);
    expect(await say('Hi', { settings: { communicationStyle: 'supportive', formalityLevel: 'casual' } })).toMatch(/^Hey Ada!\n\nI'm AI Intern/);
    expect(await say('Hello there', { settings: { formalityLevel: 'formal' } })).toMatch(/^Good day, Ada\./);
    expect(await say('Hello! How do I find my first customers?', { settings: { formalityLevel: 'casual' } })).toMatch(/^Hey Ada! Sure!\n\nHere's how I'd find/);
    const formal = await say('What are my tasks?', { settings: { formalityLevel: 'formal' } });
    expect(formal).toMatch(/^Certainly\./);
    expect(formal).not.toMatch(/\b(I|you|we|it|here|there)'(s|re|ll|ve|m|d)\b/i);
  });
});

describe('offline chat streaming', () => {
  it('streams the same reply in phrases, deterministically', async () => {
    const req = request('What are my tasks?');
    const chunks: string[] = [];
    for await (const chunk of ai.streamChat(req)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.slice(0, -1).every((c) => c.length >= 32 && /\s$/.test(c))).toBe(true);
    expect(chunks.join('')).toBe(await ai.complete(req));
    expect(await say('Anything')).toBe(await say('Anything'));
  });
});

describe('offline chat with an attached page', () => {
  const page = { title: 'Bakery waste report 2026', url: 'https://news.example/waste', selection: 'Bakeries throw away 20% of bread.' };

  it('names the page and quotes the selection before its answer', async () => {
    const r = request('Are we cheaper?');
    const reply = await ai.complete({ ...r, context: { ...r.context, page } });
    expect(reply).toMatch(/^Looking at \*\*Bakery waste report 2026\*\* \(news\.example\) with you\.\n\n> Bakeries throw away 20% of bread\.\n\nHere's how I'd price/);
  });

  it('says nothing about a page when none is attached', async () => {
    expect(await say('What does this mean for us?')).not.toContain('Looking at');
  });
});
