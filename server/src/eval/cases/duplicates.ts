import { expectThat, noDuplicates, type Check } from '../grade.ts';
import type { EvalEnv } from '../env.ts';
import type { EvalCase } from '../types.ts';
import { FREELANCE } from './founders.ts';
import type { TestUser } from '../../test/users.ts';

// No duplicates (issue 22 §4): asking again, in any way and at the same time, never adds work already on the list,
// and the co-founder says what it skipped. The founders are on Starter so the monthly task allowance is not what
// stops a repeat.

/** What the founder reads after asking: the reply and the task notice under it. */
const said = (sent: Awaited<ReturnType<EvalEnv['chat']>>) => `${sent.internMessage.text}\n${sent.taskNotification?.text ?? ''}`;

const SKIPPED = /skipped|already on (?:your|the) list/i;

/** The first ask did add work (else "no duplicates" would hold for nothing). */
const added = (n: number) => expectThat('the first ask added tasks', n > 0, `${n} added`);

async function listChecks(env: EvalEnv, user: TestUser): Promise<Check[]> {
  const { tasks } = await env.tasks(user);
  return [noDuplicates(tasks)];
}

const twice = (name: string, message: string): EvalCase => ({
  area: 'duplicates',
  name,
  async run(env) {
    const user = await env.founder(FREELANCE, 'starter');
    const first = await env.chat(user, message);
    const again = await env.chat(user, message);
    return [
      added(first.aiResponse.tasks_generated),
      ...(await listChecks(env, user)),
      expectThat('says what it skipped', again.aiResponse.tasks_generated === 0 ? SKIPPED.test(said(again)) : true, said(again).slice(0, 120)),
    ];
  },
});

export const duplicateCases: EvalCase[] = [
  twice('"create tasks" twice', 'create tasks'),
  twice('a specific request twice', 'Create tasks to find my first 10 paying customers among freelance designers'),
  {
    area: 'duplicates',
    name: 'the same request twice at once',
    async run(env) {
      const user = await env.founder(FREELANCE, 'starter');
      const message = 'Create tasks to get our first 5 reviews from freelance designers';
      const both = await Promise.all([env.chat(user, message), env.chat(user, message)]);
      return [added(both[0].aiResponse.tasks_generated + both[1].aiResponse.tasks_generated), ...(await listChecks(env, user))];
    },
  },
  {
    area: 'duplicates',
    name: 'generating a plan again after onboarding',
    async run(env) {
      const user = await env.founder(FREELANCE, 'starter');
      const first = await env.generate(user);
      await env.generate(user);
      return [added(first.tasks_generated), ...(await listChecks(env, user))];
    },
  },
  {
    area: 'duplicates',
    name: 'a rephrased request (draft → write, three → 3)',
    async run(env) {
      const user = await env.founder(FREELANCE, 'starter');
      const first = await env.chat(user, 'Create a task to draft three Reddit posts for freelance designers');
      await env.chat(user, 'Create a task to write 3 Reddit posts for freelance designers');
      return [added(first.aiResponse.tasks_generated), ...(await listChecks(env, user))];
    },
  },
];
