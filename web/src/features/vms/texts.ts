import { ApiError, type VmAction, type VmStatus, type VmStopReason } from '@cofounder/shared';
import { VMS } from '@cofounder/shared';

/** The VM screen's words (spec 2 §2 "VMs"); the spec's exact texts live in VMS.texts. */
export const VM_TEXT = {
  intro: 'Machines your co-founder drives for you: it sees the screen, decides, clicks and types.',
  launch: 'Launch New VM',
  localMode:
    'Local mode: each machine is a Chromium browser running on this server, not a cloud desktop. What it does happens on this server.',
  hostedMode:
    "Hosted mode: each machine is a Chromium browser on one of this deployment's machine hosts, not a cloud desktop. What it does happens on that host.",
  poolMode:
    "Browser pool mode: each machine is a private browser window in this deployment's browser pool, not a cloud desktop. Its traffic goes through this server.",
  unavailableTitle: 'Computer control is unavailable',
  emptyTitle: 'No machines yet',
  emptyBody:
    'A machine is a computer your co-founder controls: give it a task like "open a page and fill in the form", and watch every step it takes.',
  loading: 'Loading machines...',
  listFailed: 'Failed to load machines',
  tryAgain: 'Try Again',
  machines: 'Machines',
  taskLabel: 'Task for the machine',
  taskPlaceholder: 'e.g. open https://example.com and click the button labelled "More information"',
  taskHint: 'Ctrl+Enter (⌘+Enter on a Mac) runs it.',
  execute: 'Execute',
  screenshot: 'Screenshot',
  stopTask: 'Stop Task',
  openMonitor: 'Open Live Monitor',
  timeline: 'Decision timeline',
  timelineEmpty: 'The co-founder’s decisions appear here, step by step, while a task runs.',
  finalScreenshot: 'Final screenshot',
  confirmTitle: 'Confirmation needed',
  confirm: 'Confirm',
  decline: 'Decline',
  answerFailed: 'Failed to send your answer',
  deleteTitle: 'Delete machine',
  delete: 'Delete',
  liveView: 'Live View',
  liveViewTitle: (name: string) => `Live View: ${name}`,
  liveViewAbout:
    'The machine’s own screen, as it is now. Open Live Monitor in the task panel to follow a task’s steps and decisions.',
  liveViewLoading: 'Opening the machine’s screen...',
  liveViewFailed: 'The machine’s screen could not be opened.',
  live: 'Live',
  /** Take control (issue 28 §4). */
  controlledScreen: (name: string) => `Screen of ${name}: your clicks and keys go to the machine`,
  youDrive: 'You are driving',
  escapeHint: 'Esc gives your keyboard back to the page.',
  liveUpdates: 'Live updates',
  monitorTitle: 'Live monitor',
  noScreen: 'Waiting for the machine’s screen...',
  recentScreens: 'Recent screens',
  recentDecisions: 'Recent decisions',
  screenshotTitle: 'Screenshot',
  download: 'Download',
  launchTitle: 'Launch a machine',
  launching: 'Launching the machine...',
  waiting: 'Waiting for the live view...',
  ready: 'Your machine is ready.',
  openVnc: 'Open the desktop in a new tab',
  close: 'Done',
} as const;

export const ACTION_LABELS: Record<VmAction, string> = {
  suspend: 'Suspend',
  stop: 'Stop',
  resume: 'Resume',
  start: 'Start',
  terminate: VM_TEXT.delete,
};

/** A machine stopped by its host's loss starts afresh elsewhere: its Start reads as what it does. */
export const RELAUNCH_LABEL = 'Relaunch';

/** Why a machine stopped when the founder did not stop it, on its card. */
export const STOP_REASON_TEXT: Record<VmStopReason, string> = {
  host_lost: VMS.texts.hostLost,
  restarted: VMS.texts.restarted,
};

export const ACTION_FAILED: Record<VmAction, string> = {
  suspend: VMS.texts.suspendFailed,
  stop: VMS.texts.stopFailed,
  resume: VMS.texts.resumeFailed,
  start: VMS.texts.startFailed,
  terminate: VMS.texts.terminateFailed,
};

/** Status badge colours (spec 2 §2): running green, suspended amber, stopped grey, terminated red. */
export const STATUS_TONES: Record<VmStatus, string> = {
  RUNNING: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  SUSPENDED: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  STOPPED: 'bg-slate-200 text-slate-700 dark:bg-slate-700/60 dark:text-slate-300',
  TERMINATED: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

/** Task states in words, for the status line and the cards' task line. */
export const TASK_STATUS_LABELS: Record<string, string> = {
  running: 'Running',
  awaiting_confirmation: 'Waiting for your confirmation',
  completed: 'Completed',
  failed: 'Failed',
  stopped: 'Stopped',
};

/**
 * Spec 2 §8: a server error is read from its error field; anything else (offline, a body that is not an error)
 * falls back to `fallback`.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'http_error' && error.message) return error.message;
  return fallback;
}

/** A date-time as the cards show it ("Mar 1, 10:04 AM"). */
export function shortDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A time of day for the timeline ("10:04:12 AM"). */
export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Confidence 0..1 as a whole percentage. */
export const confidencePercent = (confidence: number) => `${Math.round(confidence * 100)}%`;
