import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { investorEmails, investors, onboarding, tasks, type TaskRow } from '../../db/schema.ts';
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
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => fake.reset());

async function founderTask(): Promise<TaskRow> {
  const userId = randomUUID();
  await database.db
    .insert(onboarding)
    .values({ userId, profile: testProfile({ industry: 'saas', stage: 'Have an MVP' }) });
  const [task] = await database.db
    .insert(tasks)
    .values({
      userId,
      description: 'Find investors',
      priority: 9,
      agent: 'investor_outreach_agent',
      category: 'investor_outreach',
    })
    .returning();
  return task!;
}

async function run(task: TaskRow) {
  const memory = await loadMemory(database.db, task.userId);
  const outcome = await investorResearchAgent({
    task,
    memory,
    ai,
    connected: new Set(),
    db: database.db,
    now: Date.now,
  });
  await database.db.transaction((tx) => outcome.persist!(tx, new Date()));
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
    expect(mara).toMatchObject({ sample: false, sourceUrl: 'https://holt.example/team', taskId: task.id });
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
    }
    const emails = SAMPLE_DIRECTORY.map((i) => i.email).filter(Boolean);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('picks by industry, then stage, deterministically, skipping what the founder has', () => {
    const profile = { industry: 'healthcare' as const, stage: 'Have an MVP' as const };
    const first = pickSampleInvestors(profile, 5, () => false);
    expect(pickSampleInvestors(profile, 5, () => false)).toEqual(first);
    expect(first.slice(0, 3).map((i) => i.name)).toEqual([
      'Celia Marrowby',
      'Jasper Wrenfield',
      'Nadia Okonkwo-Bell',
    ]);
    const skipped = pickSampleInvestors(profile, 5, (i) => i.name === 'Jasper Wrenfield');
    expect(skipped.map((i) => i.name)).not.toContain('Jasper Wrenfield');
    expect(pickSampleInvestors(null, 40, () => false)).toHaveLength(SAMPLE_DIRECTORY.length);
  });
});
