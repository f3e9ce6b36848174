import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/db.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call } from '../../test/users.ts';

// Every statement before the model call delays a reply's first token (issue 27), and each wait on the database
// more than its statement: the plan, trial and month's count, the memory and the founder's model settings are read
// together, then the message is counted and stored.
const BEFORE_THE_MODEL = { statements: 4, waits: 2 };

let database: Database;
let fake: FakeOpenAi;
let t: TestServer;
let statements = 0;
/** Waits on the database: a statement sent while none is running starts one (statements sent together share it). */
let waits = 0;
let running = 0;

/** Counts every statement sent on the database's own client (drizzle sends each one through it). */
function countStatements(target: Database): void {
  const counted = <F extends (...args: never[]) => Promise<unknown>>(query: F): F =>
    (async (...args: Parameters<F>) => {
      statements++;
      if (running++ === 0) waits++;
      try {
        return await query(...args);
      } finally {
        running--;
      }
    }) as F;
  if ('pglite' in target.raw) target.raw.pglite.query = counted(target.raw.pglite.query.bind(target.raw.pglite));
  else target.raw.pool.query = counted(target.raw.pool.query.bind(target.raw.pool));
}

beforeAll(async () => {
  database = await openTestDatabase();
  countStatements(database);
  fake = await startFakeOpenAi();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    database,
    // The per-minute budget is one more statement of its own (http/rate-limits.ts); this counts the chat's.
    env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model' },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await database.close();
});

describe('a chat turn before the model is asked', () => {
  it(`sends ${BEFORE_THE_MODEL.statements} statements to the database and waits on it twice`, async () => {
    const user = await onboardedUser(t);
    await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Warm up' } });
    let atModel: typeof BEFORE_THE_MODEL | null = null;
    fake.reply = () => {
      atModel ??= { statements: statements - before.statements, waits: waits - before.waits };
      return 'Noted.';
    };
    const before = { statements, waits };
    const res = await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'What next?' } });
    expect(res.status).toBe(200);
    expect(atModel).toEqual(BEFORE_THE_MODEL);
  });
});
