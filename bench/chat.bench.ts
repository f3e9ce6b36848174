// Chat latency, in one process and one run against the fake OpenAI server on loopback:
//  1. time to first token straight from the fake model through the openai SDK (the baseline) versus through
//     POST /api/conversation/{userId} streamed (request start → first `delta` event); our overhead is the
//     difference of the medians and must stay under 10 ms;
//  2. loading the newest page of a 10,000-message conversation, p99 under 20 ms (on PGlite by default).
import OpenAI from 'openai';
import { messages, subscriptions } from '../server/src/db/schema.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../server/src/test/factories.ts';
import { startFakeOpenAi } from '../server/src/test/fake-openai.ts';
import { startTestServer } from '../server/src/test/server.ts';
import { sseEvents } from '../server/src/test/sse.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const TARGET_OVERHEAD_MS = 10;
const TARGET_PAGE_P99_MS = 20;
const CONVERSATION_SIZE = 10_000;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const fake = await startFakeOpenAi();
fake.reply = ['Here ', 'is ', 'a ', 'streamed ', 'answer ', 'in ', 'eight ', 'chunks.'];
const server = await startTestServer({
  ...CHAT_TEST_OPTIONS,
  env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false', OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'bench-model' },
});
let failed = false;
try {
  const { db } = server.database;
  const user = await onboardedUser(server);
  // Hundreds of sends: the free trial's 100 messages would end the run early.
  await db.insert(subscriptions).values({
    userId: user.id,
    provider: 'local',
    customerId: `lcus_${user.id}`,
    plan: 'scale',
    interval: 'monthly',
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });

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

  const baseline: number[] = [];
  const app: number[] = [];
  // Interleaved, so drift in machine load hits both series alike.
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const a = await direct();
    const b = await throughApp();
    if (i >= WARMUP) {
      baseline.push(a);
      app.push(b);
    }
  }
  const overhead = quantile(app, 0.5) - quantile(baseline, 0.5);
  console.log(`time to first token, fake model via SDK  median ${ms(quantile(baseline, 0.5))}  p99 ${ms(quantile(baseline, 0.99))}`);
  console.log(`time to first token, POST (streamed)     median ${ms(quantile(app, 0.5))}  p99 ${ms(quantile(app, 0.99))}`);
  console.log(`our overhead at the median               ${ms(overhead)} (target < ${TARGET_OVERHEAD_MS} ms) ${verdict(overhead < TARGET_OVERHEAD_MS)}`);
  failed ||= overhead >= TARGET_OVERHEAD_MS;

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
  const pageTimes: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/conversation/${reader.id}`, { headers: { authorization: `Bearer ${reader.token}` } });
    const body = (await res.json()) as { messages: unknown[] };
    if (res.status !== 200 || body.messages.length !== 50) throw new Error(`page: ${res.status}`);
    if (i >= WARMUP) pageTimes.push(performance.now() - started);
  }
  const p99 = quantile(pageTimes, 0.99);
  console.log(
    `newest page of ${CONVERSATION_SIZE} messages (${server.database.kind})  median ${ms(quantile(pageTimes, 0.5))}  p99 ${ms(p99)} (target < ${TARGET_PAGE_P99_MS} ms) ${verdict(p99 < TARGET_PAGE_P99_MS)}`,
  );
  failed ||= p99 >= TARGET_PAGE_P99_MS;
} finally {
  await server.close();
  await fake.close();
}
process.exitCode = failed ? 1 : 0;
