import { z } from 'zod';
import { COMPUTER_ACTIONS, VM_STATUSES, VM_STOP_REASONS, VMS } from '../constants.ts';

// AI computer control (spec 1 §3 "VM", §7; spec 2 §3 "VM", §4, §7; issue 12). Machines the co-founder drives,
// the computer-use tasks it runs on them, and the live monitor socket's messages.

export const VmStatus = z.enum(VM_STATUSES);
export type VmStatus = z.infer<typeof VmStatus>;

/** A computer-use task's state on one machine (spec 2 §3 "Per-VM task state"). */
export const VM_TASK_STATUSES = ['running', 'awaiting_confirmation', 'completed', 'failed', 'stopped'] as const;
export const VmTaskStatus = z.enum(VM_TASK_STATUSES);
export type VmTaskStatus = z.infer<typeof VmTaskStatus>;

export const VmTaskState = z.object({
  id: z.string(),
  description: z.string(),
  status: VmTaskStatus,
  /** The latest screenshot of the task as a data URL (image/jpeg), null before the first. */
  screenshot: z.string().nullable(),
  isRunning: z.boolean(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** How it ended (or why it waits), in words. */
  message: z.string().nullable(),
});
export type VmTaskState = z.infer<typeof VmTaskState>;

/** A VM (spec 2 §3): machineType names the image / local browser, externalIp is null for local machines. */
export const Vm = z.object({
  id: z.string(),
  name: z.string(),
  status: VmStatus,
  externalIp: z.string().nullable(),
  machineType: z.string(),
  /** local: a Chromium on this server; cloud: a machine image with a desktop and VNC. */
  provider: z.enum(['local', 'hosted', 'cloud']),
  /** Why a STOPPED machine stopped when the founder did not stop it (its card says so and offers Relaunch). */
  stopReason: z.enum(VM_STOP_REASONS).nullable(),
  createdAt: z.string(),
  /** The latest computer-use task on this machine, null if none ran yet. */
  task: VmTaskState.nullable(),
});
export type Vm = z.infer<typeof Vm>;
export type VmStopReason = NonNullable<Vm['stopReason']>;

export const ComputerActionType = z.enum(COMPUTER_ACTIONS);
export type ComputerActionType = z.infer<typeof ComputerActionType>;
export const Coordinate = z.object({ x: z.number().int().min(0), y: z.number().int().min(0) });

/** One step's decision (spec 2 §3 "Decision"). text carries typed text, a key, a URL or a done message. */
export const Decision = z.object({
  step: z.number().int().min(1),
  thought: z.string(),
  action: ComputerActionType,
  coordinate: Coordinate.nullable(),
  text: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  timestamp: z.string(),
});
export type Decision = z.infer<typeof Decision>;

/** A sensitive action waiting for the founder's yes (payment, password or public post). */
export const PendingConfirmation = z.object({
  id: z.string(),
  vmId: z.string(),
  taskId: z.string(),
  step: z.number().int(),
  kind: z.enum(['payment', 'password', 'public_post', 'model_safety_check']),
  /** Why it asks, in words ("Typing into a password field on example.com"). */
  reason: z.string(),
  decision: Decision,
  createdAt: z.string(),
});
export type PendingConfirmation = z.infer<typeof PendingConfirmation>;

/** GET /api/vms/list (polled every 10 s). */
export const VmListResponse = z.object({ success: z.literal(true), vms: z.array(Vm) });
export type VmListResponse = z.infer<typeof VmListResponse>;

/** POST /api/vms/launch */
export const LaunchVmBody = z
  .object({ name: z.string().trim().min(1).max(VMS.maxNameChars).optional() })
  .strict();
export type LaunchVmBody = z.infer<typeof LaunchVmBody>;
export const VmResponse = z.object({ success: z.literal(true), vm: Vm });
export type VmResponse = z.infer<typeof VmResponse>;

/** The state changes of spec 2 §4, each POST /api/vms/{action}/{id}. */
export const VM_ACTIONS = ['suspend', 'stop', 'resume', 'start', 'terminate'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];

/**
 * GET /api/vms/{id}/vnc (polled every 4 s by the launch modal). Cloud machines: noVNC on host:port with a
 * password. Local machines: the monitor socket on this host, and a short-lived view token as the password.
 * Until the view is ready the call answers 409 with an error.
 */
export const VncInfo = z.object({
  host: z.string(),
  port: z.number().int(),
  password: z.string(),
  /** novnc: open http(s)://host:port/vnc.html; screencast: subscribe on the monitor socket. */
  kind: z.enum(['novnc', 'screencast']),
  expiresAt: z.string().nullable(),
});
export type VncInfo = z.infer<typeof VncInfo>;
export const VncResponse = z.object({ success: z.literal(true), vnc: VncInfo });
export type VncResponse = z.infer<typeof VncResponse>;

/** POST /api/computer-use/run-task/{id}: runs until done, a limit, or Stop; the reply comes when it ends. */
export const RunTaskBody = z
  .object({
    task: z.string().trim().min(1, VMS.texts.emptyTask).max(VMS.maxTaskChars),
    enableLiveUpdates: z.boolean().default(true),
  })
  .strict();
export type RunTaskBody = z.input<typeof RunTaskBody>;
export const RunTaskResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  finalScreenshot: z.string().nullable(),
  error: z.string().optional(),
  taskId: z.string(),
});
export type RunTaskResponse = z.infer<typeof RunTaskResponse>;

/** POST /api/computer-use/screenshot/{id} */
export const ScreenshotResponse = z.object({ success: z.literal(true), screenshot: z.string() });
export type ScreenshotResponse = z.infer<typeof ScreenshotResponse>;

/** GET /api/computer-use/task/{id}: the latest task with its decision timeline (for a page opened mid-task). */
export const VmTaskResponse = z.object({
  success: z.literal(true),
  task: VmTaskState.nullable(),
  decisions: z.array(Decision),
  pendingConfirmation: PendingConfirmation.nullable(),
});
export type VmTaskResponse = z.infer<typeof VmTaskResponse>;

/** POST /api/computer-use/stop/{id}: the founder's Stop; the running task ends after its current step. */
/** POST /api/computer-use/confirm/{id}: yes or no to a pending sensitive action. */
export const ConfirmActionBody = z.object({ confirmationId: z.string().min(1), approve: z.boolean() }).strict();
export type ConfirmActionBody = z.infer<typeof ConfirmActionBody>;

/** Messages a client sends on the monitor socket. The token may come as ?token= or in an auth message first. */
const screenX = z.number().int().min(0).max(VMS.viewport.width - 1);
const screenY = z.number().int().min(0).max(VMS.viewport.height - 1);
const scrollDelta = z.number().int().min(-VMS.control.maxScrollPx).max(VMS.control.maxScrollPx);

/** One input of a founder who took control (issue 28 §4), in the machine's screen pixels. */
export const ControlInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('click'), x: screenX, y: screenY }),
  z.object({ kind: z.literal('double_click'), x: screenX, y: screenY }),
  z.object({ kind: z.literal('scroll'), x: screenX, y: screenY, dx: scrollDelta, dy: scrollDelta }),
  z.object({ kind: z.literal('type'), text: z.string().min(1).max(VMS.control.maxTypedChars) }),
  /** Playwright key names, + for chords: "Enter", "Shift+Tab", "Control+A". */
  z.object({
    kind: z.literal('key'),
    keys: z
      .string()
      .min(1)
      .max(VMS.control.maxKeysChars)
      .regex(/^[A-Za-z0-9]+(\+[A-Za-z0-9]+)*$|^[^\s+]$/),
  }),
]);
export type ControlInput = z.infer<typeof ControlInput>;

const vmIdField = z.string().min(1).max(64);
export const MonitorClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
  z.object({ type: z.literal('subscribe'), vmId: vmIdField }),
  z.object({ type: z.literal('unsubscribe'), vmId: vmIdField }),
  /** Take control of a subscribed machine: the AI waits until hand_back. */
  z.object({ type: z.literal('take_control'), vmId: vmIdField }),
  z.object({ type: z.literal('hand_back'), vmId: vmIdField }),
  z.object({ type: z.literal('input'), vmId: vmIdField, input: ControlInput }),
]);
export type MonitorClientMessage = z.infer<typeof MonitorClientMessage>;

const base = { vmId: z.string(), timestamp: z.string() };
const inTask = { ...base, taskId: z.string() };

/** Messages the monitor socket sends (spec 2 §4 "Live monitor messages"), in order for one task. */
export const MonitorServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.string() }),
  z.object({ type: z.literal('subscribed'), ...base }),
  /** Who drives the machine: the founder (after take_control) or not (handed back, or never taken). */
  z.object({ type: z.literal('control'), ...base, founder: z.boolean() }),
  z.object({ type: z.literal('taskStart'), ...inTask, task: z.string() }),
  z.object({
    type: z.literal('status'),
    ...base,
    taskId: z.string().nullable(),
    /** A machine state (RUNNING…) or a task state (running, awaiting_confirmation…). */
    status: z.string(),
    message: z.string().nullable(),
    confirmation: PendingConfirmation.nullable().optional(),
  }),
  z.object({ type: z.literal('stepStart'), ...inTask, step: z.number().int() }),
  z.object({
    type: z.literal('screenshot'),
    ...base,
    taskId: z.string().nullable(),
    step: z.number().int().nullable(),
    /** data:image/jpeg;base64,… */
    screenshot: z.string(),
    /** true: a live frame of the screen (while someone watches); false: a task step's screenshot. */
    live: z.boolean(),
  }),
  z.object({ type: z.literal('aiDecision'), ...inTask, decision: Decision }),
  z.object({
    type: z.literal('action'),
    ...inTask,
    step: z.number().int(),
    action: ComputerActionType,
    result: z.enum(['ok', 'blocked', 'failed', 'declined']),
    detail: z.string(),
  }),
  z.object({ type: z.literal('stepComplete'), ...inTask, step: z.number().int() }),
  z.object({
    type: z.literal('taskComplete'),
    ...inTask,
    success: z.boolean(),
    message: z.string(),
  }),
  z.object({ type: z.literal('taskEnd'), ...inTask, status: VmTaskStatus }),
  z.object({ type: z.literal('error'), vmId: z.string().nullable(), timestamp: z.string(), message: z.string() }),
]);
export type MonitorServerMessage = z.infer<typeof MonitorServerMessage>;
export type MonitorEventType = MonitorServerMessage['type'];
