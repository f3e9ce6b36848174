import type { Vm, VmTaskState } from '@cofounder/shared';
import type { VmRow, VmTaskRow } from '../../db/schema.ts';

// How stored machines and tasks read in the API (spec 2 §3 "VM", "Per-VM task state").

/** A JPEG as the data URL the screens show. */
export const jpegDataUrl = (jpeg: Buffer | string): string =>
  `data:image/jpeg;base64,${typeof jpeg === 'string' ? jpeg : jpeg.toString('base64')}`;

export const isTaskLive = (status: VmTaskRow['status']): boolean => status === 'running' || status === 'awaiting_confirmation';

export function toTaskState(row: VmTaskRow, screenshotB64: string | null): VmTaskState {
  return {
    id: row.id,
    description: row.description,
    status: row.status,
    screenshot: screenshotB64 ? jpegDataUrl(screenshotB64) : null,
    isRunning: isTaskLive(row.status),
    startTime: row.startedAt.toISOString(),
    endTime: row.endedAt?.toISOString() ?? null,
    message: row.message,
  };
}

export function toVm(row: VmRow, task: VmTaskState | null): Vm {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    externalIp: row.externalIp,
    machineType: row.machineType,
    provider: row.provider,
    stopReason: row.status === 'STOPPED' ? row.stopReason : null,
    createdAt: row.createdAt.toISOString(),
    task,
  };
}
