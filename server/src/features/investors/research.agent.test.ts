import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { investorEmails, investors, onboarding, tasks, type TaskRow } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import {
  INVESTORS,
  investorMatch,
  matchFounder,
  type OnboardingProfile,
  type PaidPlanId,
} from '@cofounder/shared';
import { createOfflineProvider } from '../../providers/ai/offline.ts';
import { createOpenAiProvider } from '../../providers/ai/openai.ts';
import type { AiProvider } from '../../providers/ai/port.ts';
import { openTestDatabase } from '../../test/db.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { testProfile } from '../../test/factories.ts';
import { loadMemory } from '../cofounder/context.ts';
import { investorResearchAgent } from './research.agent.ts';
import { pickSampleInvestors, SAMPLE_DIRECTORY } from './sample-directory.ts';

let database: Database;
let fake: FakeOpenAi;
let ai: AiProvider;
/** AI_WEB_SEARCH=true, OPENAI_RESEARCH_MODEL=search-model. */
let webAi: AiProvider;
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeOpenAi();
  ai = createOpenAiProvider({
    apiKey: 'test',
    model: 'test-model',
    baseUrl: fake.baseUrl,
    timeoutMs: 5000,
    maxRetries: 0,
  });
  webAi = createOpenAiProvider({
    apiKey: 'test',
    model: 'test-model',
    baseUrl: fake.baseUrl,
    timeoutMs: 5000,
    maxRetries: 0,
    webSearch: true,
    researchModel: 'search-model',
  });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => fake.reset());

/** A founder's research task; Builder by default (Investor Outreach is a Builder feature). */
async function founderTask(
  options: { profile?: OnboardingProfile; plan?: PaidPlanId | null; description?: string } = {},
): Promise<TaskRow> {
  const userId = randomUUID();
  await database.db
    .insert(onboarding)
    .values({ userId, profile: options.profile ?? testProfile({ industry: 'saas', stage: 'Have an MVP' }) });
  const plan = options.plan === undefined ? 'builder' : options.plan;
  if (plan) await givePlan(database, userId, plan);
  const [task] = await database.db
    .insert(tasks)
    .values({
      userId,
      description: options.description ?? 'Find investors',
      priority: 9,
      agent: 'investor_outreach_agent',
      category: 'investor_outreach',
    })
    .returning();
  return task!;
}

async function run(task: TaskRow, provider: AiProvider = ai) {
  const memory = await loadMemory(database.db, task.userId);
  const outcome = await investorResearchAgent({
    task,
    memory,
    ai: provider,
    connected: new Set(),
    db: database.db,
    now: Date.now,
  });
  if (outcome.persist) await database.db.transaction((tx) => outcome.persist!(tx, new Date()));
  const stored = await database.db.select().from(investors).where(eq(investors.userId, task.userId));
  const drafts = await database.db
    .select()
    .from(investorEmails)
    .where(eq(investorEmails.userId, task.userId));
  return { outcome, stored, drafts };
}

const modelInvestor = (over: Record<string, unknown>) => ({
  name: 'Real Person',
  firm: 'Real Fund',
  email: null,
  linkedin: null,
  geo: 'Oslo, NO',
  check: '$100k to $500k',
  focus: ['SaaS'],
  thesis: null,
  stages: ['Seed'],
  portfolio: [],
  recentInvestments: [],
  sourceUrl: null,
  ...over,
});

const webInvestor = (over: Record<string, unknown>) => modelInvestor({ photoUrl: null, ...over });

describe('investor research agent', () => {
  it('uses the model: cleans what it returns, keeps sourceUrl, drafts with the model or the template', async () => {
    fake.structured.investor_targets = {
      investors: [
        modelInvestor({
          name: 'Mara Holt',
          email: 'mara@holt.example',
          sourceUrl: 'https://holt.example/team',
          linkedin: 'https://www.linkedin.com/in/mara-holt',
        }),
        modelInvestor({ name: 'Mara Holt again', email: 'MARA@holt.example' }),
        modelInvestor({
          name: 'Bad Address',
          email: 'x@y.example\r\nBcc: z@w.example',
          linkedin: 'https://evil.example/in/x',
        }),
        modelInvestor({ name: 'Nils Berg', email: 'nils@berg.example', sourceUrl: 'javascript:alert(1)' }),
      ],
    };
    fake.structured.investor_emails = {
      drafts: [
        {
          email: 'mara@holt.example',
          subject: 'Hello\nMara',
          body: 'Model-written body.',
          connectionPoints: ['SaaS'],
          portfolioMentions: [],
          reasoning: 'Fits SaaS.',
        },
      ],
    };
    const task = await founderTask();
    const { outcome, stored, drafts } = await run(task);
    expect(outcome.data).toMatchObject({ kind: 'investor_research', sample: false, investors: 3, drafts: 2 });
    expect(stored.map((s) => s.name).sort()).toEqual(['Bad Address', 'Mara Holt', 'Nils Berg']);
    const mara = stored.find((s) => s.name === 'Mara Holt')!;
    expect(mara).toMatchObject({
      sample: false,
      sourceUrl: 'https://holt.example/team',
      photoUrl: null,
      taskId: task.id,
    });
    const bad = stored.find((s) => s.name === 'Bad Address')!;
    expect(bad).toMatchObject({ email: null, linkedin: null });
    expect(stored.find((s) => s.name === 'Nils Berg')!.sourceUrl).toBeNull();
    const byTo = new Map(drafts.map((d) => [d.recipientEmail, d]));
    expect(byTo.get('mara@holt.example')).toMatchObject({
      subject: 'Hello Mara',
      body: 'Model-written body.',
      status: 'pending',
    });
    expect(byTo.get('nils@berg.example')!.body).toContain('Ada Lovelace');
    expect(fake.requests.map((r) => r.body.response_format?.json_schema?.name)).toEqual([
      'investor_targets',
      'investor_emails',
    ]);
    expect(fake.responses).toHaveLength(0); // AI_WEB_SEARCH off: no Responses API call
    expect(outcome.data).toMatchObject({ web: false });
  });

  it('with AI_WEB_SEARCH researches on the web: cited sources only, photos only on the proxy hosts', async () => {
    fake.web.investor_web_targets = {
      json: {
        investors: [
          webInvestor({
            name: 'Mara Holt',
            email: 'mara@holt.example',
            sourceUrl: 'https://holt.example/team',
            photoUrl: 'https://media.licdn.com/dms/image/mara.jpg',
          }),
          // Cited with OpenAI's tracking parameter: stored as the cited page without it.
          webInvestor({
            name: 'Ola Dahl',
            sourceUrl: 'https://dahl.example/about/',
            photoUrl: 'http://media.licdn.com/x.jpg',
          }),
          // Not cited anywhere in the answer: the source is dropped, never invented.
          webInvestor({
            name: 'Uncited Person',
            sourceUrl: 'https://made-up.example/people',
            photoUrl: 'https://evil.example/me.jpg',
          }),
        ],
      },
      citations: [
        { url: 'https://holt.example/team', title: 'Holt Ventures: team' },
        { url: 'https://dahl.example/about?utm_source=openai', title: 'About Ola Dahl' },
      ],
    };
    fake.structured.investor_emails = {
      drafts: [
        {
          email: 'mara@holt.example',
          subject: 'Hello Mara',
          body: 'Model-written body.',
          connectionPoints: [],
          portfolioMentions: [],
          reasoning: 'Fits.',
        },
      ],
    };
    const before = Date.now();
    const task = await founderTask();
    const { outcome, stored, drafts } = await run(task, webAi);
    expect(outcome.data).toMatchObject({
      kind: 'investor_research',
      sample: false,
      web: true,
      investors: 3,
      note: null,
    });
    const by = new Map(stored.map((s) => [s.name, s]));
    expect(by.get('Mara Holt')).toMatchObject({
      sample: false,
      sourceUrl: 'https://holt.example/team',
      photoUrl: 'https://media.licdn.com/dms/image/mara.jpg',
    });
    expect(by.get('Ola Dahl')).toMatchObject({ sourceUrl: 'https://dahl.example/about', photoUrl: null });
    expect(by.get('Uncited Person')).toMatchObject({ sourceUrl: null, photoUrl: null });
    for (const s of stored) expect(s.foundAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(drafts.map((d) => [d.recipientEmail, d.body])).toEqual([
      ['mara@holt.example', 'Model-written body.'],
    ]);

    // One Responses API call with the web_search tool and the schema as json_schema; drafts by chat completions.
    expect(fake.responses).toHaveLength(1);
    const [sent] = fake.responses;
    expect(sent).toMatchObject({
      model: 'search-model',
      tools: [{ type: 'web_search' }],
      text: { format: { type: 'json_schema', name: 'investor_web_targets', strict: true } },
    });
    expect(JSON.stringify(sent!.text!.format!.schema)).toContain('"photoUrl"');
    expect(fake.requests.map((r) => r.body.response_format?.json_schema?.name)).toEqual(['investor_emails']);
  });

  it('falls back to the model recall when web research fails, then to the sample directory', async () => {
    fake.fail(404, 1); // a compatible server without the Responses API
    fake.structured.investor_targets = {
      investors: [modelInvestor({ name: 'Recall Person', sourceUrl: 'https://r.example/p' })],
    };
    const recalled = await run(await founderTask(), webAi);
    expect(recalled.outcome.data).toMatchObject({ sample: false, web: false, investors: 1 });
    expect(String(recalled.outcome.data.note)).toMatch(/web research failed/);
    expect(recalled.stored[0]).toMatchObject({
      name: 'Recall Person',
      sourceUrl: 'https://r.example/p',
      photoUrl: null,
    });

    fake.reset();
    fake.fail(500);
    const sampled = await run(await founderTask(), webAi);
    expect(sampled.outcome.data).toMatchObject({ sample: true, web: false });
    expect(sampled.stored.length).toBeGreaterThan(0);
    expect(sampled.stored.every((s) => s.sample && s.photoUrl === null && s.sourceUrl === null)).toBe(true);
    expect(fake.responses).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back to the sample directory when the model fails or finds nobody', async () => {
    fake.fail(500);
    const failed = await run(await founderTask());
    expect(failed.outcome.data).toMatchObject({ sample: true });
    expect(String(failed.outcome.data.note)).toMatch(/failed/);
    expect(failed.stored.length).toBeGreaterThan(0);
    expect(failed.stored.every((s) => s.sample)).toBe(true);

    fake.reset();
    fake.structured.investor_targets = { investors: [] };
    const empty = await run(await founderTask());
    expect(empty.outcome.data).toMatchObject({ sample: true });
    expect(empty.stored.map((s) => s.name).sort()).toEqual(failed.stored.map((s) => s.name).sort());
  });
});

describe('sample directory', () => {
  it('is fictional, about 30 investors, with varied verification', () => {
    expect(SAMPLE_DIRECTORY.length).toBeGreaterThanOrEqual(25);
    for (const inv of SAMPLE_DIRECTORY) {
      if (inv.email) expect(inv.email).toMatch(/^[a-z]+@[a-z0-9]+\.example$/);
      if (inv.linkedin) expect(inv.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z-]+-sample$/);
      expect(inv.sourceUrl).toBeNull();
      expect(inv.photoUrl).toBeNull();
    }
    const emails = SAMPLE_DIRECTORY.map((i) => i.email).filter(Boolean);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('picks the best matches first, deterministically, none below the threshold, skipping what the founder has', () => {
    const founder = matchFounder({
      industry: 'healthcare',
      stage: 'Have an MVP',
      idea: 'Patient intake for clinics',
    });
    const first = pickSampleInvestors(founder, 5, () => false);
    expect(pickSampleInvestors(founder, 5, () => false)).toEqual(first);
    // Healthcare focus at Pre-seed / Seed, in directory order; an HR-tech fund is no healthcare investor.
    expect(first.slice(0, 3).map((i) => i.name)).toEqual([
      'Celia Marrowby',
      'Jasper Wrenfield',
      'Rosalind Achebe',
    ]);
    expect(first.map((i) => i.name)).not.toContain('Nadia Okonkwo-Bell');
    const skipped = pickSampleInvestors(founder, 5, (i) => i.name === 'Jasper Wrenfield');
    expect(skipped.map((i) => i.name)).not.toContain('Jasper Wrenfield');
    expect(pickSampleInvestors(null, 40, () => false)).toHaveLength(SAMPLE_DIRECTORY.length);
  });
});

/** The founder: a US freelancer-invoicing product (fintech) with an MVP. */
const invoicing = testProfile({
  industry: 'fintech',
  stage: 'Have an MVP',
  idea: 'Invoicing and payments app for US freelancers',
});

describe('investor matching in research (issue 22 §6)', () => {
  it('offline, keeps and drafts only investors who match: no mental-health, EdTech, emerging-markets or bio fund', async () => {
    const { outcome, stored, drafts } = await run(
      await founderTask({ profile: invoicing }),
      createOfflineProvider(),
    );
    const names = stored.map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    for (const off of [
      'Jasper Wrenfield',
      'Fergus Thistledown',
      'Kestrel Amari',
      'Rosalind Achebe',
      'Greta Vanterpool',
    ])
      expect(names).not.toContain(off);
    expect(names).toContain('Bram Oakenshaw'); // payments, Seed, the closest fit in the directory
    const founder = matchFounder(invoicing, 'Find investors');
    for (const s of stored) {
      const m = investorMatch(founder, { ...s, check: s.checkSize });
      expect(m.score).toBeGreaterThanOrEqual(INVESTORS.match.threshold);
    }
    expect(drafts.length).toBe(stored.filter((s) => s.email).length);
    expect(outcome.data).toMatchObject({ sample: true, investors: stored.length, drafts: drafts.length });
    expect(outcome.content).toMatch(/- Bram Oakenshaw \(Copperkettle Capital\) — match \d+\/100/);
  });

  it('drops what the model returns below the threshold, and its drafts carry only true connection points', async () => {
    fake.structured.investor_targets = {
      investors: [
        modelInvestor({
          name: 'Pay Fund',
          email: 'pay@fund.example',
          focus: ['Payments'],
          geo: 'Austin, US',
          portfolio: ['Ledgerly'],
        }),
        modelInvestor({
          name: 'Mind Fund',
          email: 'mind@fund.example',
          focus: ['Mental health'],
          geo: 'Boston, US',
        }),
        modelInvestor({
          name: 'Late Fund',
          email: 'late@fund.example',
          focus: ['Fintech'],
          stages: ['Series B'],
        }),
      ],
    };
    fake.structured.investor_emails = {
      drafts: [
        {
          email: 'pay@fund.example',
          subject: 'Invoicing × Pay Fund',
          body: 'Model-written body.',
          connectionPoints: ['We are at "Have an MVP"', 'You love everyone'],
          portfolioMentions: ['Ledgerly', 'Invented Co'],
          reasoning: 'Payments.',
        },
      ],
    };
    const { stored, drafts } = await run(await founderTask({ profile: invoicing }));
    expect(stored.map((s) => s.name)).toEqual(['Pay Fund']);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.personalization).toEqual({
      connectionPoints: ['Invests in Payments', 'Seed stage matches', 'Based in the US, like you'],
      portfolioMentions: ['Ledgerly'],
      reasoning: 'Payments.',
    });
    const prompt = JSON.stringify(fake.requests.at(-1)!.body);
    expect(prompt).toContain('Invests in Payments');
    expect(prompt).toContain("Founder's location: US.");
  });

  it('below Builder, pauses with the upgrade reason and researches nothing, drafts nothing', async () => {
    for (const plan of [null, 'starter'] as const) {
      const task = await founderTask({ profile: invoicing, plan });
      const { outcome, stored, drafts } = await run(task, createOfflineProvider());
      expect(outcome.pause).toEqual({
        platforms: [],
        reason: 'Investor Outreach needs the Builder plan — upgrade to run this task',
      });
      expect(outcome.persist).toBeUndefined();
      expect(outcome.approvals).toBeUndefined();
      expect(stored).toEqual([]);
      expect(drafts).toEqual([]);
      expect(outcome.content).toContain('No investors were researched and no emails were drafted.');
    }
    expect(fake.requests).toHaveLength(0);
  });
});
