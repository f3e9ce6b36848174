import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createCdpVmProvider } from './cdp-machines.ts';
import { hostsWithRoom, onLostHosts, placementOf, recordPlacement, removePlacement, type HostRef } from './hosts.repo.ts';
import type { MachineBackend } from './machine-backend.ts';
import { normaliseAllowHosts } from './net-guard.ts';
import { VmCapacityError, VmProviderError, type VmProvider } from './port.ts';

// Machines on browser hosts (issue 28 §2, VM_HOSTS=registered): a machine is placed on the emptiest healthy host
// registered in the database and stays there (its profile lives on that host); any API process drives it through
// the host's DevTools relay, and it keeps running when the process that launched it stops.

/** A browser's start on a host may take Chromium's own start-up time (chromium-process.ts waits 30 s). */
const START_TIMEOUT_MS = 45_000;
const CALL_TIMEOUT_MS = 20_000;

export function createHostedVmProvider(config: Config, db: Db, log: Logger, now: () => number): VmProvider {
  return createCdpVmProvider(hostedBackend(config, db, log, now), log);
}

function hostedBackend(config: Config, db: Db, log: Logger, now: () => number): MachineBackend {
  const at = () => new Date(now());

  async function call(host: HostRef, method: string, path: string, timeoutMs = CALL_TIMEOUT_MS): Promise<Response> {
    try {
      return await fetch(`${host.address}${path}`, {
        method,
        headers: { authorization: `Bearer ${host.secret}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      log.warn({ hostId: host.id, path, err: String(err) }, 'machine host unreachable');
      throw new VmProviderError(VMS.texts.hostUnreachable);
    }
  }

  /** Starts the machine's browser on `host`: false when the host is full. */
  async function startOn(host: HostRef, id: string): Promise<boolean> {
    const res = await call(host, 'PUT', `/v1/machines/${id}`, START_TIMEOUT_MS);
    if (res.status === 503) return false;
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new VmProviderError(body?.error ?? `The machine host answered ${res.status}.`);
    }
    await recordPlacement(db, id, host.id, true);
    return true;
  }

  /**
   * The machine's host: where its profile already is, else the emptiest healthy host that takes it. A machine whose
   * host is lost is relaunched on another host, afresh (its profile stayed on the lost one).
   */
  async function hostFor(id: string): Promise<HostRef> {
    const placed = await placementOf(db, id, at());
    if (placed?.healthy) {
      if (await startOn(placed, id)) return placed;
      throw new VmCapacityError(VMS.texts.fleetFull);
    }
    if (placed) {
      log.warn({ vmId: id, hostId: placed.id }, 'relaunching a machine whose host is lost on another host');
      await removePlacement(db, id);
    }
    // A host may fill up between the query and the start (another process placed there): try the next one.
    for (const host of await hostsWithRoom(db, id, at())) if (await startOn(host, id)) return host;
    throw new VmCapacityError(VMS.texts.fleetFull);
  }

  /**
   * One call to the machine's host. Ending a machine (`ending`) on a lost host has nothing left to reach: it goes on
   * without the call, so a founder can still stop or delete it; freezing or thawing it cannot.
   */
  async function onHost(id: string, method: string, path: string, ending = false): Promise<void> {
    const placed = await placementOf(db, id, at());
    if (!placed) return;
    if (!placed.healthy) {
      if (ending) return;
      throw new VmProviderError(VMS.texts.hostLost);
    }
    const res = await call(placed, method, `/v1/machines/${id}${path}`);
    if (!res.ok && res.status !== 404) throw new VmProviderError(`The machine host answered ${res.status}.`);
  }

  return {
    kind: 'hosted',
    describe: 'vm: hosted (machines on the browser hosts registered in the database: npm run machine-host)',
    maxMachines: null,
    allowHosts: normaliseAllowHosts(config.vm.allowHosts),
    machinesOutliveProcess: true,
    checkCapacity() {
      // The hosts decide: a full fleet answers VmCapacityError from open().
    },
    async open(id) {
      const host = await hostFor(id);
      return {
        wsUrl: `${host.address.replace(/^http/, 'ws')}/v1/machines/${id}/cdp`,
        headers: { authorization: `Bearer ${host.secret}` },
      };
    },
    async quit(id, browser) {
      await browser?.close().catch(() => {});
      await onHost(id, 'DELETE', '', true);
      const placed = await placementOf(db, id, at());
      if (placed) await recordPlacement(db, id, placed.id, false);
    },
    lost() {
      // The browser (or the connection to its host) went away: the next call connects again through open().
    },
    suspend: (id) => onHost(id, 'POST', '/suspend'),
    resume: (id) => onHost(id, 'POST', '/resume'),
    async remove(id) {
      await onHost(id, 'DELETE', '?purge=1', true);
      await removePlacement(db, id);
    },
    // The egress proxy runs on the host: its refusals reach this process as the page's blocked header only.
    refusalFor: () => null,
    lostOnHost: (ids) => onLostHosts(db, ids, at()),
    async close() {},
  };
}
