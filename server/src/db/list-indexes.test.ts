import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../events/bus.ts';
import { createEventBus } from '../events/create-bus.ts';
import { createVmEvents, pruneScreenshots } from '../events/vm-events.ts';
import { activityPage } from '../features/activities/activities.repo.ts';
import { approvalsOf } from '../features/approvals/approvals.repo.ts';
import { latestTask, pendingConfirmations } from '../features/computer-use/computer-use.repo.ts';
import { listInvestors, pendingEmails } from '../features/investors/investors.repo.ts';
import { newestPage } from '../features/messages/messages.repo.ts';
import { createSmsService } from '../features/sms/sms.service.ts';
import { listTasks, taskPage } from '../features/tasks/tasks-list.repo.ts';
import { latestTasks, vmsOf } from '../features/vms/vms.repo.ts';
import { createLocalBilling } from '../providers/billing/local.ts';
import { listMail } from '../providers/email/mailbox-store.ts';
import { openTestDatabase } from '../test/db.ts';
import { drizzleOnPglite, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

// Every "newest first" list must be read straight off an index in its order: a Sort (or a Seq Scan) over a
// founder's rows costs the newest page of a 10,000-row history as much as reading all 10,000 (issue 27). Each
// list runs as its repo builds it (the SQL is captured from drizzle's logger, so it cannot drift from the code),
// and its plan is EXPLAINed with sequential scans and sorts off: on these small tables that shows what the planner
// CAN do with the indexes there are.

interface Captured {
  query: string;
  params: unknown[];
}

let database: Database;
let bus: EventBus;
let logged: Db;
const captured: Captured[] = [];
const founder = randomUUID();
const other = randomUUID();
const vmId = randomUUID();
const email = 'founder@example.com';

/** A second drizzle handle on the same connection that records every statement it sends. */
function loggingDb(target: Database): Db {
  const logger: DrizzleLogger = { logQuery: (query, params) => void captured.push({ query, params }) };
  return 'pglite' in target.raw
    ? drizzleOnPglite(target.raw.pglite, logger)
    : drizzlePg(target.raw.pool, { schema, logger });
}

// Sequential scans and sorts are priced out, not forbidden: the plan still has a Sort when no index can give the
// order (on tables this small a bitmap scan + sort would otherwise win even where the index serves the order).
const SETTINGS = ['enable_seqscan', 'enable_sort'];

/** EXPLAIN (FORMAT JSON) of one statement with its parameters, under SETTINGS for that session. */
async function explain({ query, params }: Captured): Promise<PlanNode> {
  const text = `EXPLAIN (FORMAT JSON) ${query}`;
  let rows: Record<string, unknown>[];
  if ('pglite' in database.raw) {
    const client = database.raw.pglite;
    for (const name of SETTINGS) await client.query(`SET ${name} = off`);
    rows = (await client.query<Record<string, unknown>>(text, params)).rows;
    for (const name of SETTINGS) await client.query(`RESET ${name}`);
  } else {
    const client = await database.raw.pool.connect();
    try {
      for (const name of SETTINGS) await client.query(`SET ${name} = off`);
      rows = (await client.query(text, params)).rows;
      for (const name of SETTINGS) await client.query(`RESET ${name}`);
    } finally {
      client.release();
    }
  }
  const plan = rows[0]!['QUERY PLAN'];
  return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The plan nodes that read or reorder a whole set of rows instead of walking an index in order. */
function offenders(node: PlanNode): string[] {
  const here = ['Sort', 'Incremental Sort', 'Seq Scan'].includes(node['Node Type'])
    ? [`${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`]
    : [];
  return [...here, ...(node.Plans ?? []).flatMap(offenders)];
}

async function seed(db: Db): Promise<void> {
  for (const userId of [founder, other]) {
    await db.execute(sql`
      insert into messages (user_id, channel, role, text, created_at)
      select ${userId}, case when g % 10 = 0 then 'onboarding' else 'chat' end, 'user', 'hello ' || g,
             now() - g * interval '1 minute'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into tasks (user_id, description, priority, status, agent, category, created_at)
      select ${userId}, 'task ' || g, 1 + g % 10,
             (array['pending', 'in_progress', 'completed', 'failed'])[1 + g % 4], 'marketing_agent', 'marketing',
             now() - g * interval '1 minute'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into task_results (task_id, summary, content, completed_at)
      select id, 'done', 'done', now() from tasks where user_id = ${userId} and status = 'completed'`);
    await db.execute(sql`
      insert into activities (user_id, platform, title, content, created_at)
      select ${userId}, 'twitter', 'post ' || g, 'text', now() - (g / 3) * interval '1 minute'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into approvals (user_id, kind, status, post, created_at)
      select ${userId}, 'marketing_post', (array['pending', 'approved', 'rejected'])[1 + g % 3], '{}',
             now() - g * interval '1 minute'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into investors (user_id, identity, name, firm, status, verification_score, verification_level, found_at)
      select ${userId}, 'investor-' || g, 'Investor ' || g, 'Firm ' || g,
             (array['new', 'contacted', 'responded', 'meeting'])[1 + g % 4], 50, 'basic',
             now() - (g / 5) * interval '1 hour'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into investor_emails (user_id, investor_id, recipient_email, subject, body, personalization, status, created_at)
      select ${userId}, id, 'vc@example.com', 'Hello', 'Body', '{}',
             case when found_at > now() - interval '10 hours' then 'pending' else 'sent' end, found_at
      from investors where user_id = ${userId}`);
    await db.execute(sql`
      insert into sms_messages (user_id, direction, from_number, to_number, body, status, created_at)
      select ${userId}, 'in', '+15550001', '+15550002', 'text ' || g, 'received', now() - g * interval '1 minute'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into local_invoices (id, user_id, amount_cents, status, description, created_at)
      select 'in_' || ${userId} || '_' || g, ${userId}, 1900, 'paid', 'Plan', now() - g * interval '1 day'
      from generate_series(1, 100) g`);
  }
  await db.execute(sql`
    insert into vms (id, user_id, name, status, provider, machine_type)
    select case when g = 1 then ${vmId}::uuid else gen_random_uuid() end, ${founder}, 'vm ' || g, 'RUNNING', 'local', 'small'
    from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into vm_tasks (vm_id, user_id, description, status, pending_confirmation, started_at)
    select vm.id, ${founder}, 'do it', case when g % 7 = 0 then 'awaiting_confirmation' else 'completed' end,
           case when g % 7 = 0 then '{"id": "c"}'::jsonb end, now() - g * interval '1 minute'
    from vms vm, generate_series(1, 30) g where vm.user_id = ${founder}`);
  await db.execute(sql`
    insert into vm_screenshots (vm_id, user_id, jpeg, created_at)
    select vm.id, ${founder}, 'jpeg', now() - g * interval '1 second'
    from vms vm, generate_series(1, 30) g where vm.user_id = ${founder}`);
  await db.execute(sql`
    insert into mailbox_messages ("to", subject, text, created_at)
    select case when g % 2 = 0 then ${email} else 'someone@example.com' end, 'Mail', 'text', now() - g * interval '1 minute'
    from generate_series(1, 300) g`);
  await db.execute(sql`analyze`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  bus = await createEventBus(database);
  logged = loggingDb(database);
  await seed(database.db);
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

/** The services below are built only for their list reads, which touch nothing but the database. */
const unused = {} as never;

const lists: Record<string, () => Promise<unknown>> = {
  'messages: newest chat page': () => newestPage(logged, founder, 'chat', null, 50),
  'messages: the page before a cursor': () => newestPage(logged, founder, 'chat', 200, 50),
  'tasks: all': () => listTasks(logged, founder, null, 50),
  'tasks: one status': () => listTasks(logged, founder, 'pending', 50),
  'tasks: the page with its counts (the route)': () => taskPage(logged, founder, 'pending', 50),
  'activities: second page': () => activityPage(logged, founder, 20, 2),
  'approvals: pending': () => approvalsOf(logged, founder, 'pending', 50),
  'investors: all': () => listInvestors(logged, founder, { status: 'all', page: 2, limit: 20 }),
  'investors: one status': () => listInvestors(logged, founder, { status: 'new', page: 1, limit: 20 }),
  'investors: search': () => listInvestors(logged, founder, { status: 'all', page: 1, limit: 20, search: 'firm 1' }),
  'investor emails: pending': () => pendingEmails(logged, founder),
  'sms: thread': () =>
    createSmsService({ db: logged, now: Date.now, ai: unused, sms: unused, voice: unused, log: unused, queue: null, rateLimits: unused }).messages(
      founder,
    ),
  'machines: list': () => vmsOf(logged, founder),
  'machine tasks: latest of one machine': () => latestTask(logged, vmId),
  'machine tasks: latest per machine': () => latestTasks(logged, [vmId, randomUUID(), randomUUID()]),
  'machine tasks: pending confirmations': () => pendingConfirmations(logged, founder),
  'machine screenshots: latest': () => createVmEvents({ db: logged, bus, now: Date.now }).latestScreenshot(vmId),
  'machine screenshots: prune': () => pruneScreenshots(logged, vmId),
  'local invoices': () => createLocalBilling(logged, Date.now).invoices(null, founder, 20),
  'dev mailbox: one address': () => listMail(logged, email),
};

describe('newest-first lists read an index in their order', () => {
  it.each(Object.keys(lists))('%s', async (name) => {
    captured.length = 0;
    await lists[name]!();
    expect(captured.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const statement of captured) {
      const bad = offenders(await explain(statement));
      // The column list says nothing about the plan: the message keeps the FROM … ORDER BY part.
      if (bad.length) found.push(`${bad.join(', ')} in: ${statement.query.replace(/^select .*? from /s, 'select … from ')}`);
    }
    expect(found, name).toEqual([]);
  });
});
