import { hostname } from 'node:os';
import { VMS, vmTransition, type MonitorServerMessage, type Vm, type VmAction, type VncInfo, type VmStatus } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { VmRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { VmCapacityError, VmProviderError, type MachineInfo, type VmProvider } from '../../providers/vm/port.ts';
import type { VmEvents } from '../../events/vm-events.ts';
import { endLiveTasks, liveTask } from '../computer-use/computer-use.service.ts';
import { VmFailure } from './vm-failure.ts';
import { meterRunningTime, planOf, requireHoursLeft, requireLiveSlot, requireMachineLeft, secondsThisMonth } from './vm-usage.ts';
import { toTaskState, toVm } from './vm-view.ts';
import type { ViewTokens } from './view-token.ts';
import {
  deleteVm,
  insertVm,
  latestTasks,
  lockUserVms,
  orphanedLocalVms,
  liveVmsOf,
  runningVms,
  stopIfStill,
  screenshotsById,
  updateVm,
  vmById,
  vmsOf,
} from './vms.repo.ts';
import { isUuid } from '../../db/ids.ts';
import { requireOwned } from '../../http/access.ts';

/** Where monitor messages go (the live monitor's fan-out across processes). */
export type MonitorPublisher = Pick<VmEvents, 'publish'>;

/** This server process's name in vms.node: local machines live in the process that launched them. */
export const nodeName = (config: Pick<Config, 'port'>): string => `${hostname()}:${config.port}`;


/** The caller's machine, or 404 (another founder's id reads the same as a missing one). */
export async function ownVm(db: Db, id: string, userId: string): Promise<VmRow> {
  return requireOwned(isUuid(id) ? await vmById(db, id) : null, userId, VMS.texts.notFound);
}

/** The monitor socket's ownership check (false for unknown or malformed ids). */
export const ownsVmCheck =
  (db: Db) =>
  async (userId: string, vmId: string): Promise<boolean> =>
    isUuid(vmId) && (await vmById(db, vmId))?.userId === userId;

const PAST: Record<VmAction, string> = {
  suspend: 'suspended',
  stop: 'stopped',
  resume: 'resumed',
  start: 'started',
  terminate: 'terminated',
};
const FAILED: Record<VmAction, string> = {
  suspend: VMS.texts.suspendFailed,
  stop: VMS.texts.stopFailed,
  resume: VMS.texts.resumeFailed,
  start: VMS.texts.startFailed,
  terminate: VMS.texts.terminateFailed,
};

export interface VmsDeps {
  db: Db;
  vm: VmProvider;
  /** This process (nodeName). */
  node: string;
  monitorPort: number;
  now: () => number;
  log: Logger;
  events: MonitorPublisher | null;
  viewTokens: ViewTokens;
  /** Ends the machine's running task (if any) before the machine stops running. */
  stopTask(vmId: string): Promise<void>;
}

/** The machines (spec 2 §7 "Virtual machines"): list, launch, the state changes of spec 2 §4, the live view. */
export function createVmsService(deps: VmsDeps) {
  const { db, vm, node, now, log } = deps;

  /** A local machine that is live in another server process (its Chromium is there, not here). */
  const heldElsewhere = (row: VmRow) =>
    row.provider === 'local' && (row.status === 'RUNNING' || row.status === 'SUSPENDED') && row.node !== node;

  async function announce(row: VmRow, message: string | null = null): Promise<void> {
    const event: MonitorServerMessage = {
      type: 'status',
      vmId: row.id,
      timestamp: new Date(now()).toISOString(),
      taskId: null,
      status: row.status,
      message,
    };
    await deps.events?.publish(row.userId, event).catch((err: unknown) => log.warn({ err, vmId: row.id }, 'vm status not published'));
  }

  async function view(rows: VmRow[]): Promise<Vm[]> {
    const tasks = await latestTasks(db, rows.map((r) => r.id));
    const shots = await screenshotsById(db, [...tasks.values()].flatMap((t) => (t.screenshotId ? [t.screenshotId] : [])));
    return rows.map((r) => {
      const task = tasks.get(r.id);
      return toVm(r, task ? toTaskState(task, task.screenshotId ? (shots.get(task.screenshotId) ?? null) : null) : null);
    });
  }

  /** A full server or fleet is busy (503), any other provider refusal a failure (502); anything else stays a bug. */
  const failureOf = (err: unknown, failed: string): unknown => {
    if (err instanceof VmCapacityError) return VmFailure.serverBusy(vm.kind === 'hosted' ? VMS.texts.fleetFull : VMS.texts.serverBusy);
    return err instanceof VmProviderError ? new VmFailure(502, `${failed}: ${err.message}`) : err;
  };

  async function providerCall<T>(action: VmAction, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw failureOf(err, FAILED[action]);
    }
  }

  /** Moves a machine to its next state: provider first, then the row (with the running time metered). */
  async function transition(row: VmRow, action: VmAction, next: VmStatus, reason: string | null = null): Promise<VmRow> {
    const leavesRunning = row.status === 'RUNNING' && next !== 'RUNNING';
    if (leavesRunning) await deps.stopTask(row.id);
    // A machine this process no longer holds (its browser died) has nothing left to stop.
    const gone = row.provider === 'local' && !vm.holds(row.id);
    const started = await providerCall(action, async (): Promise<MachineInfo | null> => {
      if (action === 'start') return vm.start(row.id);
      if (action === 'suspend') await vm.suspend(row.id);
      else if (action === 'resume') await vm.resume(row.id);
      else if (action === 'stop' && !gone) await vm.stop(row.id);
      else if (action === 'terminate') await vm.terminate(row.id);
      return null;
    });
    const at = new Date(now());
    if (leavesRunning) await meterRunningTime(db, row, at);
    const updated = await updateVm(
      db,
      row.id,
      {
        status: next,
        runningSince: next === 'RUNNING' ? at : null,
        // The founder acted on it: a host-lost or restart note no longer describes it.
        stopReason: null,
        ...(next === 'RUNNING' ? { node } : {}),
        ...(started ? { machineType: started.machineType, externalIp: started.externalIp } : {}),
      },
      at,
    );
    await announce(updated, reason);
    return updated;
  }

  const requireAvailable = () => {
    if (!vm.available) throw new VmFailure(503, VMS.texts.unavailable);
  };

  /**
   * Start or resume within the founder's quotas. A start marks the row RUNNING in the same locked transaction as
   * the checks (as a launch inserts it RUNNING), so concurrent starts and launches cannot both take the last slot;
   * a boot that fails puts the row back.
   */
  async function bringLive(row: VmRow, action: 'start' | 'resume'): Promise<VmRow> {
    requireAvailable();
    const at = new Date(now());
    await requireHoursLeft(db, row.userId, at);
    await db.transaction(async (tx) => {
      await lockUserVms(tx, row.userId);
      if (row.status === 'TERMINATED') await requireMachineLeft(tx, row.userId, at);
      await requireLiveSlot(tx, row.userId, at, vm.maxMachines, row.id);
      if (action === 'start') await updateVm(tx, row.id, { status: 'RUNNING', node, runningSince: at }, at);
    });
    try {
      return await transition(row, action, 'RUNNING');
    } catch (err) {
      if (action === 'start') await updateVm(db, row.id, { status: row.status, node: row.node, runningSince: null }, new Date(now()));
      throw err;
    }
  }

  return {
    async list(userId: string): Promise<Vm[]> {
      return view(await vmsOf(db, userId));
    },

    /** Checks the plan's machines and hours, stores the machine RUNNING on this process, then boots it. */
    async launch(userId: string, name: string | undefined): Promise<Vm> {
      requireAvailable();
      const at = new Date(now());
      await requireHoursLeft(db, userId, at);
      const row = await db.transaction(async (tx) => {
        await lockUserVms(tx, userId);
        await requireMachineLeft(tx, userId, at);
        await requireLiveSlot(tx, userId, at, vm.maxMachines, null);
        const taken = new Set((await vmsOf(tx, userId)).map((r) => r.name));
        let n = taken.size + 1;
        while (!name && taken.has(`Machine ${n}`)) n++;
        return insertVm(
          tx,
          { userId, name: name ?? `Machine ${n}`, status: 'RUNNING', provider: vm.kind, machineType: '', node, runningSince: at },
          at,
        );
      });
      let info: MachineInfo;
      try {
        info = await vm.launch(row.id);
      } catch (err) {
        // A machine that never booted holds nothing: no card, no hours.
        await vm.terminate(row.id).catch(() => undefined);
        await deleteVm(db, row.id);
        throw failureOf(err, VMS.texts.launchFailed);
      }
      const updated = await updateVm(db, row.id, { machineType: info.machineType, externalIp: info.externalIp }, new Date(now()));
      await announce(updated);
      return toVm(updated, null);
    },

    /**
     * suspend | stop | resume | start | terminate (spec 2 §4). Terminate is the card's "Delete", confirmed as
     * permanent: the machine ends (its running time metered) and goes with its tasks and screenshots, answering
     * its last state. A row already TERMINATED (ended outside the card) is deleted the same way.
     */
    async act(userId: string, action: VmAction, id: string): Promise<Vm> {
      const row = await ownVm(db, id, userId);
      const next = vmTransition(row.status, action);
      if (!next) throw new AppError('conflict', `A ${row.status} machine cannot be ${PAST[action]}.`);
      if (heldElsewhere(row)) throw new AppError('conflict', VMS.texts.otherProcess);
      if (action === 'terminate') {
        let ended = row;
        if (row.status === 'TERMINATED') await providerCall(action, () => vm.terminate(row.id));
        else ended = await transition(row, action, next);
        const [last] = await view([ended]);
        await deleteVm(db, row.id);
        return last!;
      }
      const moved = action === 'start' || action === 'resume' ? await bringLive(row, action) : await transition(row, action, next);
      const [updated] = await view([moved]);
      return updated!;
    },

    /** The live view: the monitor stream with a short-lived token (local), or the machine's noVNC (cloud). */
    async vnc(userId: string, id: string, host: string): Promise<VncInfo> {
      const row = await ownVm(db, id, userId);
      if (row.status !== 'RUNNING') throw new AppError('conflict', VMS.texts.notRunning);
      if (heldElsewhere(row)) throw new AppError('conflict', VMS.texts.otherProcess);
      // A hosted machine may be driven by another process: the one running its task, which streams the view to
      // every process's monitor socket. With no task on it, this process takes the driving over (and answers the
      // view and take control itself), so a founder behind a round-robin proxy never meets "not ready".
      const taskElsewhere = row.provider === 'hosted' && !vm.holds(id) && (await liveTask(db, id)) !== null;
      if (row.provider === 'hosted' && !vm.holds(id) && !taskElsewhere) await providerCall('start', () => vm.connect(id));
      if (!taskElsewhere && !vm.viewReady(id)) throw new AppError('conflict', VMS.texts.viewNotReady);
      // Local and hosted machines stream through the monitor socket; a cloud machine has its own noVNC.
      if (row.provider !== 'cloud') {
        const { token, expiresAt } = deps.viewTokens.mint(userId, id);
        return { host, port: deps.monitorPort, password: token, kind: 'screencast', expiresAt: expiresAt.toISOString() };
      }
      const info = await providerCall('start', () => vm.vnc(id));
      if (!info) throw new AppError('conflict', VMS.texts.viewNotReady);
      return { ...info, kind: 'novnc', expiresAt: null };
    },

    /**
     * Start-up: local machines this process (or, on a single-process database, any process) left live died with
     * it. They are STOPPED, their running time metered; starting one relaunches it on its profile.
     */
    async stopOrphans(singleProcess: boolean): Promise<number> {
      const at = new Date(now());
      const rows = await orphanedLocalVms(db, singleProcess ? null : node);
      for (const row of rows) {
        if (row.status === 'RUNNING') await meterRunningTime(db, row, at);
        await updateVm(db, row.id, { status: 'STOPPED', runningSince: null, stopReason: 'restarted' }, at);
        await endLiveTasks(db, row.id, VMS.texts.restarted, at);
      }
      return rows.length;
    },

    /**
     * Hosted machines whose browser host stopped heartbeating: STOPPED with the reason, their running time metered
     * and their task ended (once, whichever process's sweep gets there first). Start relaunches one on another host.
     */
    async stopHostLost(): Promise<number> {
      if (!vm.lostOnHost) return 0;
      const live = await liveVmsOf(db, 'hosted');
      const lost = new Set(await vm.lostOnHost(live.map((r) => r.id)));
      let stopped = 0;
      for (const row of live.filter((r) => lost.has(r.id))) {
        const at = new Date(now());
        const updated = await stopIfStill(db, row.id, row.status, 'host_lost', at);
        if (!updated) continue;
        if (row.status === 'RUNNING') await meterRunningTime(db, row, at);
        await endLiveTasks(db, row.id, VMS.texts.hostLost, at);
        await announce(updated, VMS.texts.hostLost);
        stopped++;
      }
      return stopped;
    },

    /** The run-time limit: stops the running machines (held here) of founders past their month's hours. */
    async stopOverHours(): Promise<number> {
      const at = new Date(now());
      const byUser = new Map<string, VmRow[]>();
      for (const row of await runningVms(db)) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      let stopped = 0;
      for (const [userId, rows] of byUser) {
        const plan = await planOf(db, userId, at);
        if ((await secondsThisMonth(db, userId, at)) < plan.vmHoursPerMonth * 3600) continue;
        for (const row of rows.filter((r) => !heldElsewhere(r))) {
          try {
            await transition(row, 'stop', 'STOPPED', VMS.texts.hoursUsed(plan.vmHoursPerMonth));
            stopped++;
          } catch (err) {
            log.warn({ err, vmId: row.id }, 'machine over its hours could not be stopped');
          }
        }
      }
      return stopped;
    },
  };
}

export type VmsService = ReturnType<typeof createVmsService>;

/** With machines on browser hosts: every heartbeat period, stop the machines of hosts that went silent. */
export function startHostLostSweep(service: Pick<VmsService, 'stopHostLost'>, vm: Pick<VmProvider, 'lostOnHost'>, log: Logger): () => void {
  if (!vm.lostOnHost) return () => undefined;
  const timer = setInterval(() => {
    service.stopHostLost().catch((err: unknown) => log.warn({ err }, 'host-lost sweep failed'));
  }, VMS.hosts.heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Every minute: stop machines of founders past their month's hours (unref'd: it never holds the process up). */
export function startHoursSweep(service: Pick<VmsService, 'stopOverHours'>, log: Logger, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    service.stopOverHours().catch((err: unknown) => log.warn({ err }, 'machine hours sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { screenshotsById } from './vms.repo.ts';
