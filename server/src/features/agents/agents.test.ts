import { AGENT_CATEGORY, DEFAULT_INTERN_SETTINGS, type TaskAgent } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema.ts';
import { createOfflineProvider } from '../../providers/ai/offline.ts';
import { givePlan } from '../../test/billing.ts';
import { bakeryProfile, CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { signedInUser } from '../../test/users.ts';
import { AGENTS } from './index.ts';

// Each task gets the work its verb and object ask for, whatever agent it was filed under, rendered from its contract.

const at = new Date('2026-01-05T10:00:00Z');

function run(
  description: string,
  agent: TaskAgent,
  connected: string[] = [],
  founder?: { db: Db; userId: string },
) {
  const task: TaskRow = {
    id: '00000000-0000-4000-8000-000000000001',
    userId: founder?.userId ?? '00000000-0000-4000-8000-000000000002',
    description,
    priority: 5,
    status: 'in_progress',
    agent,
    category: AGENT_CATEGORY[agent],
    requiredPlatforms: [],
    pauseReason: null,
    attempts: 1,
    lastError: null,
    jobId: null,
    vmId: null,
    createdAt: at,
    updatedAt: at,
  };
  return AGENTS[agent]({
    task,
    memory: {
      onboarding: null,
      context: { profile: bakeryProfile(), settings: DEFAULT_INTERN_SETTINGS, tasks: [] },
      interview: [],
      chat: [],
    },
    ai: createOfflineProvider(),
    connected: new Set(connected),
    // Only investor outreach work reads the database (the founder's plan); the rest reads nothing.
    db: founder?.db ?? ({} as Db),
    now: () => at.getTime(),
  });
}

describe('investor outreach work waits for the Builder plan', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(CHAT_TEST_OPTIONS);
  });
  afterAll(() => t.close());

  it("a trial founder's intro emails filed under investor outreach pause with the upgrade reason", async () => {
    const trial = await signedInUser(t);
    const out = await run('Draft intro emails to 10 angel investors', 'investor_outreach_agent', [], {
      db: t.database.db,
      userId: trial.id,
    });
    expect(out.pause).toEqual({
      platforms: [],
      reason: 'Investor Outreach needs the Builder plan — upgrade to run this task',
    });
    expect(out.approvals ?? []).toEqual([]);
  });

  it('"Outline a 10-slide pitch deck" filed under investor outreach gets a deck, not an investor list', async () => {
    const builder = await signedInUser(t);
    await givePlan(t.database, builder.id, 'builder');
    const out = await run('Outline a 10-slide pitch deck for our seed round', 'investor_outreach_agent', [], {
      db: t.database.db,
      userId: builder.id,
    });
    expect(out.data.kind).toBe('pitch_deck_outline');
    expect(out.content).toMatch(/^## Pitch deck outline \(10 slides\)/);
    expect(out.content).toContain('### 1. Title');
    expect(out.content).toContain('### 10. The ask');
    expect(out.persist).toBeUndefined();
    expect(out.approvals ?? []).toEqual([]);
  });
});

describe('agents do the work the task asks for', () => {
  it('"Benchmark the pricing of 5 SaaS tools" gets a 5-row table with prices left to fill', async () => {
    const out = await run('Benchmark the pricing of 5 SaaS tools that compete with us', 'research_agent');
    expect(out.data.kind).toBe('pricing_benchmark');
    const rows = out.content.split('\n').filter((l) => l.startsWith('| Competitor'));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.includes('_to fill_'))).toBe(true);
    expect(out.activities[0]!.outcome).toBe('5 tools, 5 prices to fill');
  });

  it('"Set up a sales pipeline with stages and weekly targets" gets both', async () => {
    const out = await run('Set up a sales pipeline with stages and weekly targets', 'sales_agent');
    expect(out.data.kind).toBe('sales_pipeline');
    expect(out.content).toContain('## Stages\n1. **Lead** — exit when:');
    expect(out.content).toMatch(/## Weekly targets\n- .+: \*\*\d+\*\* per week/);
  });

  it('"Draft a cold email to a bakery owner in Lisbon" drafts that email', async () => {
    const out = await run('Draft a cold email to a bakery owner in Lisbon', 'sales_agent');
    expect(out.data.kind).toBe('cold_email');
    expect(out.content).toMatch(
      /^\*\*To:\*\* a bakery owner in Lisbon\n\n\*\*Subject:\*\* Quick question for a bakery owner in Lisbon/,
    );
    expect(out.content).toContain('Ada Lovelace');
  });

  it('a research task and an email never pause for X or Reddit; a Reddit post task pauses for Reddit only', async () => {
    for (const description of [
      'Research where freelance designers look for tools',
      'Draft a cold email to freelance designers',
    ]) {
      expect((await run(description, 'marketing_agent')).pause).toBeUndefined();
    }
    const post = await run(
      'Write 3 Reddit posts for freelance designers about late invoices',
      'marketing_agent',
    );
    expect(post.pause).toEqual({ platforms: ['reddit'], reason: 'Connect Reddit to publish this post' });
    expect(
      (await run('Write 3 Reddit posts for freelance designers', 'marketing_agent', ['reddit'])).pause,
    ).toBeUndefined();
  });

  it('words that name no kind get the work of the agent the task was filed under', async () => {
    expect((await run('Reply to this activity: great launch!', 'marketing_agent')).data.kind).toBe(
      'social_posts',
    );
    expect((await run('Open https://example.com', 'coding_agent')).data.kind).toBe('build_spec');
  });

  it('investor research filed under another agent gets a brief (investor research stays with its own agent)', async () => {
    const out = await run('Find 20 seed investors in fintech', 'research_agent');
    expect(out.data.kind).toBe('research_brief');
    expect(out.summary).toContain('Find 20 seed investors in fintech');
  });
});
