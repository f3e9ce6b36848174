// Chat latency (issue 27), in one run per database against the fake OpenAI server on loopback
// (its first chunk after FIRST_CHUNK_MS, as a real model's would come later than our work, then one every CHUNK_GAP_MS):
//  1. time to first token straight from the fake model through the openai SDK (the floor) versus through
//     POST /api/conversation/{userId} streamed (request start → first `delta` event); our overhead is the
//     difference of the medians (goal ≤ 8 ms on PGlite, ≤ 5 ms on Postgres);
//  2. loading the newest page of a 10,000-message conversation through the API (for PAGE_MS), p99 under 20 ms.
// Both on PGlite, then on Postgres (Debian's packages, scripts/postgres.mjs, unless BENCH_DATABASE_URL is given).
// BENCH_SMOKE=1: a few turns, and pages for a fraction of a second, of a 1,000-message conversation
// (bench/report.ts). BENCH_RUNS sets the measured turns.
import { sql } from 'drizzle-orm';
import OpenAI from 'openai';
import { messages } from '../server/src/db/schema.ts';
import { givePlan } from '../server/src/test/plans.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../server/src/test/factories.ts';
import { startFakeOpenAi } from '../server/src/test/fake-openai.ts';
import { startTestServer } from '../server/src/test/server.ts';
import { sseEvents } from '../server/src/test/sse.ts';
import { onEachDatabase } from './databases.ts';
import { load } from './http-load.ts';
import { exitCode, row, size } from './report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? size(200, 3));
const WARMUP = size(20, 1);
// Pages one after another for PAGE_MS from the load generator's own process (bench/http-load.ts), as a browser
// would ask: timed in this process, the p99 was the pause of this process's young-generation collections (6-13 ms,
// about one per hundred pages, with this client's and the fake model's garbage in it), 8-24 ms from run to run.
const PAGE_MS = size(5000, 300);
const PAGE_WARMUP_MS = size(1000, 100);
const FIRST_CHUNK_MS = 50;
const CHUNK_GAP_MS = 10;
const GOAL_OVERHEAD_MS = { pglite: 8, postgres: 5 } as const;
const GOAL_PAGE_P99_MS = 20;
const CONVERSATION_SIZE = size(10_000, 1_000);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

/** Measures both figures on a fresh test server (on TEST_DATABASE_URL's Postgres when set). */
async function measure(label: string): Promise<void> {
  const fake = await startFakeOpenAi();
  fake.reply = ['Here ', 'is ', 'a ', 'streamed ', 'answer ', 'in ', 'eight ', 'chunks.'];
  fake.firstTokenDelayMs = FIRST_CHUNK_MS;
  // Spaced like a model's tokens: chunks arriving all at once would time the first one after the work that follows
  // the last (storing the reply), which runs on this same thread.
  fake.chunkDelayMs = CHUNK_GAP_MS;
  const server = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false', OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'bench-model' },
  });
  try {
    const { db, kind } = server.database;
    const user = await onboardedUser(server);
    // Hundreds of sends: the free trial's 100 messages would end the run early.
    await givePlan(server.database, user.id, 'scale');

    const sdk = new OpenAI({ apiKey: 'bench', baseURL: fake.baseUrl });
    async function direct(): Promise<number> {
      const started = performance.now();
      let first = 0;
      const stream = await sdk.chat.completions.create({
        model: 'bench-model',
        stream: true,
        messages: [{ role: 'user', content: 'What should I do first?' }],
      });
      for await (const chunk of stream) if (!first && chunk.choices[0]?.delta.content) first = performance.now();
      return first - started;
    }
    async function throughApp(): Promise<number> {
      const started = performance.now();
      let first = 0;
      const res = await fetch(`${server.baseUrl}/api/conversation/${user.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ role: 'user', text: 'What should I do first?' }),
      });
      if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
      for await (const event of sseEvents(res)) {
        if (!first && event.event === 'delta') first = performance.now();
        if (event.event === 'error') throw new Error(`stream error: ${event.data}`);
      }
      return first - started;
    }

    const floor: number[] = [];
    const app: number[] = [];
    // Interleaved, so drift in machine load hits both series alike.
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const a = await direct();
      const b = await throughApp();
      if (i >= WARMUP) {
        floor.push(a);
        app.push(b);
      }
    }
    row({
      figure: `chat first token through the API vs the model direct, median (${label})`,
      value: quantile(app, 0.5),
      floor: quantile(floor, 0.5),
      unit: 'ms',
      goal: { of: 'over floor', max: GOAL_OVERHEAD_MS[kind] },
    });

    const reader = await onboardedUser(server);
    const start = Date.now() - CONVERSATION_SIZE * 1000;
    for (let from = 0; from < CONVERSATION_SIZE; from += 1000) {
      await db.insert(messages).values(
        Array.from({ length: 1000 }, (_, k) => ({
          userId: reader.id,
          channel: 'chat' as const,
          role: (from + k) % 2 ? ('intern' as const) : ('user' as const),
          text: `Message ${from + k}: ${'we talked about pricing, the landing page and the next investor call. '.repeat(2)}`,
          createdAt: new Date(start + (from + k) * 1000),
        })),
      );
    }
    // A long conversation has long been vacuumed and analyzed: without this, autovacuum could wake for the 10,000
    // fresh rows in the middle of the measured pages (one run's p99 on Postgres: 21.2 ms, against 5.4-5.7 in others).
    await db.execute(sql`vacuum analyze messages`);
    const pageUrl = `${server.baseUrl}/api/conversation/${reader.id}`;
    const headers = { authorization: `Bearer ${reader.token}` };
    const first = await fetch(pageUrl, { headers });
    const body = (await first.json()) as { messages: unknown[] };
    if (first.status !== 200 || body.messages.length !== 50) throw new Error(`page: ${first.status}`);
    await load(pageUrl, { headers, connections: 1, durationMs: PAGE_WARMUP_MS, niced: false });
    const pages = await load(pageUrl, { headers, connections: 1, durationMs: PAGE_MS, niced: false });
    row({
      figure: `newest page of ${CONVERSATION_SIZE} messages through the API, p99 (${label})`,
      value: pages.p99,
      unit: 'ms',
      goal: { of: 'value', max: GOAL_PAGE_P99_MS },
    });
  } finally {
    await server.close();
    await fake.close();
  }
}

await onEachDatabase(measure);
process.exit(exitCode());
