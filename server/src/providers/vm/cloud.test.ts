import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import type { CloudVmApi } from './cloud.ts';
import type { MachineAction } from './port.ts';
import { createVmProvider } from './registry.ts';

// The cloud adapter's shape on a recording fake API (a deployment supplies the real one).
function fakeCloud() {
  const calls: string[] = [];
  const inputs: MachineAction[] = [];
  const api: CloudVmApi = {
    name: 'fake cloud',
    image: 'desktop-image',
    machineType: 'small-2cpu',
    createInstance: async (image, type) => (calls.push(`create ${image} ${type}`), { instanceId: 'i-1', externalIp: '203.0.113.7' }),
    suspend: async (i) => void calls.push(`suspend ${i}`),
    resume: async (i) => void calls.push(`resume ${i}`),
    stop: async (i) => void calls.push(`stop ${i}`),
    start: async (i) => (calls.push(`start ${i}`), { instanceId: i, externalIp: '203.0.113.8' }),
    delete: async (i) => void calls.push(`delete ${i}`),
    agentReady: async () => true,
    screenshot: async () => Buffer.from([0xff, 0xd8]),
    input: async (_i, action) => void inputs.push(action),
    vncPassword: async () => 'secret',
  };
  return { api, calls, inputs };
}

describe('cloud VM adapter', () => {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cofounder-vm-cloud-')) });
  const log = pino({ level: 'silent' });
  afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));

  it('is only used when a deployment passes its API', () => {
    expect(createVmProvider(config, log).kind).toBe('local');
    expect(createVmProvider(config, log, { cloud: fakeCloud().api })).toMatchObject({ kind: 'cloud', mode: 'real', available: true });
  });

  it('maps the machine life cycle onto instance calls and reports noVNC', async () => {
    const { api, calls, inputs } = fakeCloud();
    const vms = createVmProvider(config, log, { cloud: api });
    expect(await vms.launch('m1')).toEqual({ machineType: 'small-2cpu', externalIp: '203.0.113.7' });
    expect(vms.holds('m1')).toBe(true);
    await vms.suspend('m1');
    await vms.resume('m1');
    await vms.stop('m1');
    expect(await vms.start('m1')).toEqual({ machineType: 'small-2cpu', externalIp: '203.0.113.8' });
    expect(await vms.vnc('m1')).toEqual({ host: '203.0.113.8', port: VMS.vncPort, password: 'secret' });
    expect((await vms.observe('m1')).elements).toEqual([]);
    expect(await vms.act('m1', { type: 'click', x: 1, y: 2 })).toEqual({ result: 'ok', detail: 'Sent click' });
    expect((await vms.act('m1', { type: 'navigate', url: 'file:///etc/passwd' })).result).toBe('blocked');
    expect(inputs).toEqual([{ type: 'click', x: 1, y: 2 }]);
    await vms.terminate('m1');
    await vms.terminate('m1');
    expect(vms.holds('m1')).toBe(false);
    await expect(vms.screenshot('m1')).rejects.toThrow(VMS.texts.notRunning);
    expect(calls).toEqual(['create desktop-image small-2cpu', 'suspend i-1', 'resume i-1', 'stop i-1', 'start i-1', 'delete i-1']);
  });
});
