import {
  BILLING,
  AGENT_CATEGORY,
  AUTONOMY,
  ENERGY_LEVELS,
  TaskPlan,
  type AutonomySettings,
  type EnableAutonomyBody,
  FOCUS_AREA_CATEGORIES,
  type PlannedTask,
} from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { AutonomyRow } from '../../db/schema.ts';
import { AiError, type AiModels } from '../../providers/ai/port.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { aiRequest, loadMemory } from '../cofounder/context.ts';
import { runStored, skippedNote, storePlan } from '../tasks/tasks.service.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { autonomyOf, saveAutonomy } from './autonomy.repo.ts';

const HOUR_MS = 3_600_000;

/** A check-in of a founder whose free trial ended without a paid plan. */
class TrialEnded extends Error {}

const maxFor = (productivity: number): number =>
  ENERGY_LEVELS.find((l) => l.productivity === productivity)?.maxPerGeneration ?? 5;

function defaults(userId: string, at: Date): AutonomyRow {
  return {
    userId,
    isEnabled: false,
    productivity: AUTONOMY.defaultProductivity,
    intervalHours: AUTONOMY.defaultIntervalHours,
    preferences: {
      focusAreas: [...AUTONOMY.focusAreas],
      priorityRange: { ...AUTONOMY.priorityRange },
      maxTasksPerGeneration: maxFor(AUTONOMY.defaultProductivity),
    },
    nextRunAt: null,
    lastRunAt: null,
    lastRunTasks: null,
    lastRunMessage: null,
    updatedAt: at,
  };
}

export function toAutonomySettings(row: AutonomyRow): AutonomySettings {
  return {
    isEnabled: row.isEnabled,
    productivity: row.productivity,
    intervalHours: row.intervalHours,
    preferences: row.preferences,
    nextRunAt: row.isEnabled && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    lastRun: row.lastRunAt
      ? {
          at: row.lastRunAt.toISOString(),
          tasksGenerated: row.lastRunTasks ?? 0,
          message: row.lastRunMessage ?? '',
        }
      : null,
  };
}

/** Planned tasks inside the founder's focus areas, priorities clamped into the range (storePlan takes the most). */
export function pickTasks(planned: PlannedTask[], row: AutonomyRow): PlannedTask[] {
  const areas = new Set(row.preferences.focusAreas.flatMap((f) => FOCUS_AREA_CATEGORIES[f]));
  const { min, max: top } = row.preferences.priorityRange;
  return planned
    .filter((t) => areas.has(AGENT_CATEGORY[t.agent]))
    .map((t) => ({ ...t, priority: Math.min(top, Math.max(min, t.priority)) }));
}

interface Deps {
  db: Db;
  ai: AiModels;
  usage: UsageService;
  now: () => number;
  log: Logger;
  queue: TaskQueue | null;
}

/** Autonomy: settings, and the check-in that adds tasks at the chosen energy level. */
export function createAutonomyService({ db, ai: models, usage, now, log, queue }: Deps) {
  const at = () => new Date(now());

  async function current(userId: string): Promise<AutonomyRow> {
    return (await autonomyOf(db, userId)) ?? defaults(userId, at());
  }

  /** Applies a body over the stored settings; the per-generation maximum never exceeds the energy level's. */
  function merged(row: AutonomyRow, body: EnableAutonomyBody): AutonomyRow {
    const productivity = body.productivity ?? row.productivity;
    const preferences = { ...row.preferences, ...body.preferences };
    const levelChanged =
      body.productivity !== undefined && body.preferences?.maxTasksPerGeneration === undefined;
    preferences.maxTasksPerGeneration = Math.min(
      maxFor(productivity),
      levelChanged ? maxFor(productivity) : preferences.maxTasksPerGeneration,
    );
    return {
      ...row,
      productivity,
      intervalHours: body.intervalHours ?? row.intervalHours,
      preferences,
      updatedAt: at(),
    };
  }

  return {
    get: async (userId: string) => toAutonomySettings(await current(userId)),

    async enable(userId: string, body: EnableAutonomyBody): Promise<AutonomyRow> {
      return saveAutonomy(db, { ...merged(await current(userId), body), isEnabled: true, nextRunAt: at() });
    },

    async disable(userId: string): Promise<AutonomyRow> {
      return saveAutonomy(db, {
        ...(await current(userId)),
        isEnabled: false,
        nextRunAt: null,
        updatedAt: at(),
      });
    },

    /** Saves the settings; `checkInNow` when autonomy is on and the energy level changed (it takes effect at once). */
    async update(
      userId: string,
      body: EnableAutonomyBody,
    ): Promise<{ row: AutonomyRow; checkInNow: boolean }> {
      const before = await current(userId);
      const next = merged(before, body);
      const checkInNow = next.isEnabled && next.productivity !== before.productivity;
      const row = await saveAutonomy(db, checkInNow ? { ...next, nextRunAt: at() } : next);
      return { row, checkInNow };
    },

    /**
     * One check-in: up to the energy level's maximum of new tasks in the focus areas and priority range, never
     * past the month's task allowance. Returns when the next check-in is due (null when autonomy is off).
     */
    async tick(userId: string): Promise<Date | null> {
      const row = await autonomyOf(db, userId);
      if (!row?.isEnabled) return null;
      const max = Math.min(row.preferences.maxTasksPerGeneration, maxFor(row.productivity));
      let message: string;
      let stored: { id: string; userId: string }[] = [];
      try {
        // The free trial ended without a paid plan: no AI call and no tasks, as a founder's own Generate gets 402.
        if ((await usage.planState(userId)).trialExpired) throw new TrialEnded();
        const [memory, ai] = await Promise.all([loadMemory(db, userId), models.forUser(userId)]);
        const request = `Plan up to ${max} tasks in these focus areas: ${row.preferences.focusAreas.join(', ')}.`;
        const plan = await ai.structured({
          ...aiRequest('plan', memory, [{ role: 'user', content: request }]),
          name: 'task_plan',
          schema: TaskPlan,
        });
        const chosen = pickTasks(plan.tasks, row);
        const allowance = await usage.planOf(userId);
        // A proposal already on the list makes room for the next one, up to the energy level's maximum.
        const result = await db.transaction((tx) =>
          storePlan(tx, usage, userId, allowance, chosen, at(), max),
        );
        stored = result.tasks;
        const note = skippedNote(result);
        message = result.limitReached
          ? "This month's task allowance is used up, so no tasks were added."
          : stored.length || !note
            ? `Added ${stored.length} task${stored.length === 1 ? '' : 's'}.`
            : 'Nothing new to add.';
        if (note) message = `${message} ${note}`;
      } catch (err) {
        if (err instanceof TrialEnded) {
          message = BILLING.trialEndedText;
        } else {
          if (!(err instanceof AiError)) throw err;
          log.warn({ err, userId }, 'autonomy check-in failed');
          message = 'The AI was unavailable; trying again at the next check-in.';
        }
      }
      await runStored(queue, stored);
      const next = new Date(now() + row.intervalHours * HOUR_MS);
      await saveAutonomy(db, {
        ...row,
        lastRunAt: at(),
        lastRunTasks: stored.length,
        lastRunMessage: message,
        nextRunAt: next,
        updatedAt: at(),
      });
      return next;
    },
  };
}

export type AutonomyService = ReturnType<typeof createAutonomyService>;
