import { describe, expect, it } from 'vitest';
import type { TaskListResponse } from '@cofounder/shared';
import { glanceFrom, readGlance, saveGlance } from './glance.ts';

const SERVER = 'http://localhost:3000';

const tasks: TaskListResponse = {
  success: true,
  tasks: [],
  total: 7,
  pending: 1,
  in_progress: 1,
  completed: 4,
  paused: 1,
  failed: 0,
  achieved: 1,
  needs_input: 3,
  usage: { tokens: 0, costUsd: 0, unpricedTasks: 0 },
};

describe('the glance', () => {
  it("keeps the task list's counts and its offline drafts (needs_input), and is read back as saved", async () => {
    const glance = glanceFrom(tasks, null, 1_000);
    expect(glance).toEqual({
      counts: { total: 7, pending: 1, in_progress: 1, completed: 4, paused: 1, failed: 0 },
      usage: null,
      offlineDrafts: 3,
      savedAt: 1_000,
    });
    await saveGlance(SERVER, 'user-1', glance);
    expect(await readGlance(SERVER, 'user-1')).toEqual(glance);
    expect(await readGlance(SERVER, 'user-2')).toBeNull();
  });
});
