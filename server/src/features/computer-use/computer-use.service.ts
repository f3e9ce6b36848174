import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  VMS,
  type ConfirmActionBody,
  type PendingConfirmation,
  type RunTaskResponse,
  type VmTaskResponse,
} from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { VmRow, VmTaskRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { VmEventInput } from '../../events/vm-events.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import { VmProviderError, type VmProvider } from '../../providers/vm/port.ts';
import type { FounderControl } from '../vms/founder-control.ts';
import { VmFailure } from '../vms/vm-failure.ts';
import { isTaskLive, jpegDataUrl, toTaskState } from '../vms/vm-view.ts';
import { ownVm, screenshotsById, type MonitorPublisher } from '../vms/vms.service.ts';
import {
  answerConfirmation,
  appendDecision,
  claimSilentTask,
  failSilentTask,
  insertTask,
  latestTask,
  liveTask,
  lockVmTasks,
  requestStop,
  silentTasks,
  storeScreenshot,
  taskById,
  touchTask,
  updateTask,
} from './computer-use.repo.ts';
import { runComputerTask } from './loop.ts';
import type { ConfirmAnswer, ConfirmRequest, LoopDeps, LoopEvent, LoopResult } from './loop-types.ts';
import { describeSteps, resumePointOf, type ResumePoint } from './resume.ts';

export interface ComputerUseDeps {
  db: Db;
  vm: VmProvider;
  ai: AiModels;
  /** This process (vms nodeName): a local machine's task runs where its browser lives. */
  node: string;
  now: () => number;
  log: Logger;
  events: MonitorPublisher | null;
  /** The founders' take control of their machines (features/vms/founder-control.ts); none: the AI never waits. */
  founderControl?: FounderControl;
  /** How often a waiting confirmation and a Stop-and-wait read the task row back. */
  pollMs?: number;
  /** How long stopping a machine waits for its running task to end before marking it stopped. */
  stopWaitMs?: number;
}

/** How a machine run for a work-engine task went (coding and research agents), or why it did not run. */
export interface MachineRun {
  status: LoopResult['status'] | 'skipped';
  message: string;
  /** The final screenshot as a data URL. */
  screenshot: string | null;
  tokens: number;
  costUsd: number;
  priceUnknown?: boolean;
}

interface Run {
  userId: string;
  vm: VmRow;
  task: string;
  live: boolean;
  engineTaskId: string | null;
}

/**
 * Computer-use tasks (spec 2 §7): runs the loop on a machine this process holds, writes every event to the task
 * row (the timeline survives a reload) and, with live updates on, to the monitor. Stop and confirmations are
 * read back from the row each step, so they work from any server process.
 */
export function createComputerUseService(deps: ComputerUseDeps) {
  const { db, vm, node, now, log } = deps;
  const pollMs = deps.pollMs ?? 500;
  const stamp = () => new Date(now()).toISOString();

  /** 409 unless the machine runs here (or on a browser host, which any process drives) and can take a task now. */
  function requireRunnable(row: VmRow): void {
    if (!vm.available) throw new VmFailure(503, VMS.texts.unavailable);
    if (row.status !== 'RUNNING') throw new AppError('conflict', VMS.texts.notRunning);
    const here = row.provider === 'hosted' || vm.holds(row.id);
    if ((row.provider === 'local' && row.node !== node) || !here) throw new AppError('conflict', VMS.texts.otherProcess);
  }

  async function begin(run: Run): Promise<VmTaskRow> {
    requireRunnable(run.vm);
    return db.transaction(async (tx) => {
      await lockVmTasks(tx, run.vm.id);
      if (await liveTask(tx, run.vm.id)) throw new AppError('conflict', VMS.texts.busy);
      return insertTask(tx, { vmId: run.vm.id, userId: run.userId, engineTaskId: run.engineTaskId, description: run.task }, new Date(now()));
    });
  }

  async function execute(run: Run, row: VmTaskRow, resume?: LoopDeps['resume']): Promise<{ result: LoopResult; screenshot: string | null }> {
    const vmId = run.vm.id;
    const taskId = row.id;
    const publish = async (message: VmEventInput, jpeg?: Buffer): Promise<string | null> => {
      if (!run.live || !deps.events) return null;
      return deps.events.publish(run.userId, message, jpeg).catch((err: unknown) => {
        log.warn({ err, vmId }, 'monitor event not published');
        return null;
      });
    };
    let endMessage: string | null = null;

    const emit = async (event: LoopEvent): Promise<void> => {
      const base = { vmId, taskId, timestamp: stamp() };
      switch (event.type) {
        case 'screenshot': {
          // The monitor stores what it publishes; unpublished (live updates off) it is stored here.
          const screenshotId =
            (await publish({ type: 'screenshot', ...base, step: event.step, live: false }, event.jpeg)) ??
            (await storeScreenshot(db, vmId, run.userId, event.jpeg, new Date(now())));
          await updateTask(db, taskId, { screenshotId });
          return;
        }
        case 'aiDecision':
          await appendDecision(db, taskId, event.decision);
          await publish({ ...base, ...event });
          return;
        case 'status':
          // The confirmation itself announces the wait, with what to confirm (see confirm below).
          if (event.status === 'awaiting_confirmation') return;
          await updateTask(db, taskId, { status: event.status, message: event.message });
          await publish({ ...base, type: 'status', status: event.status, message: event.message });
          return;
        case 'taskComplete':
          endMessage = event.message;
          await publish({ ...base, ...event });
          return;
        case 'stepComplete':
          // Its action finished: a process taking the task over goes on after it (resume.ts).
          await updateTask(db, taskId, { stepsDone: event.step });
          await publish({ ...base, ...event });
          return;
        case 'taskEnd':
          // Stored before it is announced: a client that reads the task on taskEnd sees it ended.
          await updateTask(db, taskId, { status: event.status, message: endMessage, endedAt: new Date(now()), pendingConfirmation: null });
          await publish({ ...base, ...event });
          return;
        default:
          await publish({ ...base, ...event });
          return;
      }
    };

    const confirm = async (request: ConfirmRequest): Promise<ConfirmAnswer> => {
      const pending: PendingConfirmation = { id: randomUUID(), vmId, taskId, ...request, createdAt: stamp() };
      const message = VMS.texts.awaitingConfirmation(request.reason);
      await updateTask(db, taskId, { status: 'awaiting_confirmation', message, pendingConfirmation: pending, confirmation: null });
      await publish({ type: 'status', vmId, taskId, timestamp: stamp(), status: 'awaiting_confirmation', message, confirmation: pending });
      const asked = now();
      for (;;) {
        await sleep(pollMs);
        const current = await taskById(db, taskId);
        const answer: ConfirmAnswer | null =
          current?.confirmation ??
          (!current || current.stopRequested ? 'stopped' : now() - asked >= VMS.confirmTimeoutMs ? 'timeout' : null);
        if (answer) {
          await updateTask(db, taskId, { status: 'running', message: null, pendingConfirmation: null });
          return answer;
        }
      }
    };

    const stopRequested = async () => (await taskById(db, taskId))?.stopRequested ?? true;
    const { founderControl } = deps;
    // This process's sign of life for the task: if it dies, another process's sweep fails the task (failSilent).
    const alive = setInterval(() => {
      touchTask(db, taskId, new Date(now())).catch((err: unknown) => log.warn({ err, vmId }, 'task heartbeat failed'));
    }, VMS.taskHeartbeatMs);
    alive.unref();
    let result: LoopResult;
    try {
      // The founder's own model drives their machine when they connected one.
      const ai = await deps.ai.forUser(run.userId);
      result = await runComputerTask({
        task: run.task,
        machine: { observe: () => vm.observe(vmId), act: (action) => vm.act(vmId, action) },
        session: ai.startComputerUse({ task: run.task, viewport: VMS.viewport, carriedOut: resume?.carriedOut }),
        emit,
        stopRequested,
        confirm,
        now,
        limits: { maxSteps: VMS.maxSteps, timeLimitMs: VMS.taskTimeLimitMs },
        ...(resume ? { resume } : {}),
        ...(founderControl
          ? {
              founder: {
                holds: () => founderControl.holds(vmId),
                waitForHandBack: () => founderControl.waitForHandBack(vmId, stopRequested),
              },
            }
          : {}),
      });
    } catch (err) {
      // The loop ends every task itself; this is a failure of our own (the database): the row must not stay live.
      await updateTask(db, taskId, { status: 'failed', message: VMS.texts.runFailed, endedAt: new Date(now()), pendingConfirmation: null });
      throw err;
    } finally {
      clearInterval(alive);
    }
    const final = result.finalScreenshot;
    const screenshotId = final ? await storeScreenshot(db, vmId, run.userId, final, new Date(now())) : null;
    await updateTask(db, taskId, {
      status: result.status,
      message: result.message,
      decisions: result.decisions,
      tokens: result.tokens,
      endedAt: new Date(now()),
      pendingConfirmation: null,
      ...(screenshotId ? { screenshotId } : {}),
    });
    return { result, screenshot: final ? jpegDataUrl(final) : null };
  }

  return {
    /** POST /api/computer-use/run-task/{id}: answers when the task ends (done, a limit, Stop or a no). */
    async runTask(userId: string, vmId: string, body: { task: string; enableLiveUpdates: boolean }): Promise<RunTaskResponse> {
      const run: Run = { userId, vm: await ownVm(db, vmId, userId), task: body.task, live: body.enableLiveUpdates, engineTaskId: null };
      const row = await begin(run);
      const { result, screenshot } = await execute(run, row);
      const success = result.status === 'completed';
      return { success, message: result.message, finalScreenshot: screenshot, taskId: row.id, ...(success ? {} : { error: result.message }) };
    },

    /**
     * A coding or research agent's task on the founder's machine: the loop runs with the task's description and
     * shows in the timeline and monitor like any other. A machine that cannot take it says why instead.
     */
    async runForEngineTask(input: { userId: string; vmId: string; engineTaskId: string; task: string }): Promise<MachineRun> {
      let run: Run;
      let row: VmTaskRow;
      try {
        run = { userId: input.userId, vm: await ownVm(db, input.vmId, input.userId), task: input.task, live: true, engineTaskId: input.engineTaskId };
        row = await begin(run);
      } catch (err) {
        if (!(err instanceof AppError || err instanceof VmFailure)) throw err;
        return { status: 'skipped', message: err.message, screenshot: null, tokens: 0, costUsd: 0 };
      }
      const { result, screenshot } = await execute(run, row);
      const { status, message, tokens, costUsd, priceUnknown } = result;
      return { status, message, screenshot, tokens, costUsd, ...(priceUnknown ? { priceUnknown } : {}) };
    },

    /** POST /api/computer-use/screenshot/{id}: the screen now, as a data URL. */
    async screenshot(userId: string, vmId: string): Promise<string> {
      requireRunnable(await ownVm(db, vmId, userId));
      try {
        return jpegDataUrl(await vm.screenshot(vmId));
      } catch (err) {
        if (err instanceof VmProviderError) throw new VmFailure(502, err.message);
        throw err;
      }
    },

    /** GET /api/computer-use/task/{id}: the latest task with its timeline and what waits for a yes. */
    async task(userId: string, vmId: string): Promise<VmTaskResponse> {
      await ownVm(db, vmId, userId);
      const row = await latestTask(db, vmId);
      if (!row) return { success: true, task: null, decisions: [], pendingConfirmation: null };
      const shot = row.screenshotId ? ((await screenshotsById(db, [row.screenshotId])).get(row.screenshotId) ?? null) : null;
      const waiting = row.status === 'awaiting_confirmation' && row.confirmation === null;
      return {
        success: true,
        task: toTaskState(row, shot),
        decisions: row.decisions,
        pendingConfirmation: waiting ? row.pendingConfirmation : null,
      };
    },

    /** POST /api/computer-use/stop/{id}: the running task ends after its current step. */
    async stop(userId: string, vmId: string): Promise<void> {
      await ownVm(db, vmId, userId);
      if (!(await requestStop(db, vmId))) throw new AppError('not_found', VMS.texts.noTaskRunning);
    },

    /** POST /api/computer-use/confirm/{id}: the founder's yes or no to the pending sensitive action. */
    async confirm(userId: string, vmId: string, body: ConfirmActionBody): Promise<void> {
      await ownVm(db, vmId, userId);
      if (!(await answerConfirmation(db, vmId, body.confirmationId, body.approve))) {
        throw new AppError('conflict', VMS.texts.confirmationGone);
      }
    },

    /**
     * Live tasks whose process died (no heartbeat for VMS.taskLostAfterMs). One on a hosted machine (which any
     * process drives) that can go on without repeating an action (resume.ts) is taken over here and goes on in the
     * background; any other is failed with the reason. Once either way, whichever process's sweep comes first, and
     * the founder's monitor told. A task still running somewhere keeps its heartbeat fresh.
     */
    async takeOverSilent(): Promise<{ resumed: number; failed: number }> {
      const at = new Date(now());
      const cutoff = new Date(at.getTime() - VMS.taskLostAfterMs);
      const counts = { resumed: 0, failed: 0 };
      const tell = (task: VmTaskRow, status: 'running' | 'failed', message: string) =>
        deps.events
          ?.publish(task.userId, { type: 'status', vmId: task.vmId, taskId: task.id, timestamp: at.toISOString(), status, message })
          .catch((err: unknown) => log.warn({ err, vmId: task.vmId }, 'task change not published'));
      for (const task of await silentTasks(db, cutoff)) {
        const machine = await ownVm(db, task.vmId, task.userId).catch(() => null);
        const point: ResumePoint =
          vm.available && machine?.provider === 'hosted' && machine.status === 'RUNNING'
            ? resumePointOf(task)
            : { resume: false, reason: VMS.texts.runnerLost };
        if (!point.resume) {
          const failed = await failSilentTask(db, task.id, point.reason, at, cutoff);
          if (failed) {
            counts.failed++;
            await tell(failed, 'failed', point.reason);
          }
          continue;
        }
        const message = VMS.texts.taskResumed(point.fromStep - 1);
        const claimed = await claimSilentTask(db, task.id, cutoff, at, point.carriedOut, message);
        if (!claimed) continue;
        counts.resumed++;
        log.warn({ vmId: task.vmId, taskId: task.id, fromStep: point.fromStep }, 'took over a task whose server process died');
        await tell(claimed, 'running', message);
        const run: Run = { userId: claimed.userId, vm: machine!, task: claimed.description, live: true, engineTaskId: null };
        const resume = {
          fromStep: point.fromStep,
          carriedOut: point.carriedOut,
          startedAt: claimed.startedAt.getTime(),
          note: VMS.texts.resumedNote(describeSteps(point.carriedOut)),
        };
        // It goes on in the background, as a route's task does in its request; it ends itself (never throws past here).
        void execute(run, claimed, resume).catch((err: unknown) => log.error({ err, vmId: task.vmId }, 'a task taken over failed'));
      }
      return counts;
    },

    /**
     * Before a machine stops running: asks its live task to stop and waits for it to end; a task whose process
     * is gone (it never ends by itself) is marked stopped.
     */
    async stopAndWait(vmId: string): Promise<void> {
      if (!(await requestStop(db, vmId))) return;
      const until = Date.now() + (deps.stopWaitMs ?? 10_000);
      while (Date.now() < until) {
        await sleep(Math.min(pollMs, 100));
        const live = await liveTask(db, vmId);
        if (!live) return;
      }
      const live = await liveTask(db, vmId);
      if (live && isTaskLive(live.status)) {
        await updateTask(db, live.id, { status: 'stopped', message: VMS.texts.stoppedByUser, endedAt: new Date(now()), pendingConfirmation: null });
      }
    },
  };
}

export type ComputerUseService = ReturnType<typeof createComputerUseService>;

/** Every VMS.taskHeartbeatMs: take over or fail the live tasks whose process died (unref'd: it never holds the process up). */
export function startSilentTaskSweep(service: Pick<ComputerUseService, 'takeOverSilent'>, log: Logger): () => void {
  const timer = setInterval(() => {
    service.takeOverSilent().catch((err: unknown) => log.warn({ err }, 'silent task sweep failed'));
  }, VMS.taskHeartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { endLiveTasks, liveTask, pendingConfirmations } from './computer-use.repo.ts';
