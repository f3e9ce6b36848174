import {
  VMS,
  type Decision,
  type MonitorServerMessage,
  type PendingConfirmation,
  type VmTaskResponse,
} from '@cofounder/shared';

// What the VM screen knows about one machine's task, folded from the stored task (GET /api/computer-use/task/{id})
// and the monitor socket's messages. Pure, so the timeline's rules are tested without a socket.

export interface MonitorShot {
  src: string;
  step: number | null;
  /** A live frame of the screen rather than a task step's screenshot. */
  live: boolean;
  /** When it arrived here (ms), for the overlay's Live indicator. */
  at: number;
}

export interface ActionOutcome {
  result: 'ok' | 'blocked' | 'failed' | 'declined';
  detail: string;
}

export interface MonitorState {
  taskId: string | null;
  task: string | null;
  /** The latest status word: a task state (running, awaiting_confirmation, completed…) or a machine state. */
  status: string | null;
  message: string | null;
  running: boolean;
  step: number | null;
  /** The whole timeline of the current task, by step. */
  decisions: Decision[];
  /** What each step's action did, by step. */
  outcomes: Record<number, ActionOutcome>;
  /** The last VMS.monitorScreenshots screenshots, oldest first. */
  shots: MonitorShot[];
  confirmation: PendingConfirmation | null;
  /** How the task ended (taskComplete), null while it runs. */
  result: { success: boolean; message: string } | null;
  /** The socket's latest error message. */
  error: string | null;
  /** The founder holds the machine (take control): their inputs go to it and the AI waits. */
  founderControl: boolean;
}

export type MonitorEvent =
  | { type: 'message'; message: MonitorServerMessage; at: number }
  | { type: 'restore'; data: VmTaskResponse; at: number }
  | { type: 'confirmationAnswered'; id: string }
  | { type: 'reset' };

export const initialMonitorState: MonitorState = {
  taskId: null,
  task: null,
  status: null,
  message: null,
  running: false,
  step: null,
  decisions: [],
  outcomes: {},
  shots: [],
  confirmation: null,
  result: null,
  error: null,
  founderControl: false,
};

const ENDED = new Set(['completed', 'failed', 'stopped']);

/** Decisions by step: a step seen again (the stored timeline and the socket overlap) replaces the old one. */
function mergeDecisions(current: Decision[], incoming: Decision[]): Decision[] {
  const byStep = new Map(current.map((d) => [d.step, d]));
  for (const d of incoming) byStep.set(d.step, d);
  return [...byStep.values()].sort((a, b) => a.step - b.step);
}

function addShot(shots: MonitorShot[], shot: MonitorShot): MonitorShot[] {
  return [...shots, shot].slice(-VMS.monitorScreenshots);
}

/** A message of another task than the one shown means a new task began (its taskStart may have been missed). */
function forTask(state: MonitorState, taskId: string): MonitorState {
  if (state.taskId === taskId) return state;
  return { ...initialMonitorState, shots: state.shots, founderControl: state.founderControl, taskId, running: true, status: 'running' };
}

function onMessage(state: MonitorState, m: MonitorServerMessage, at: number): MonitorState {
  switch (m.type) {
    case 'taskStart':
      return {
        ...initialMonitorState,
        shots: state.shots,
        founderControl: state.founderControl,
        taskId: m.taskId,
        task: m.task,
        running: true,
        status: 'running',
      };
    case 'status': {
      const next = m.taskId ? forTask(state, m.taskId) : state;
      const ended = ENDED.has(m.status);
      return {
        ...next,
        status: m.status,
        message: m.message,
        running: m.taskId ? !ended : next.running,
        confirmation:
          m.status === 'awaiting_confirmation'
            ? (m.confirmation ?? next.confirmation)
            : ended || m.status === 'running'
              ? null
              : next.confirmation,
      };
    }
    case 'stepStart':
      return { ...forTask(state, m.taskId), step: m.step };
    case 'screenshot': {
      const next = m.taskId && !m.live ? forTask(state, m.taskId) : state;
      return { ...next, shots: addShot(next.shots, { src: m.screenshot, step: m.step, live: m.live, at }) };
    }
    case 'aiDecision': {
      const next = forTask(state, m.taskId);
      return { ...next, step: m.decision.step, decisions: mergeDecisions(next.decisions, [m.decision]) };
    }
    case 'action': {
      const next = forTask(state, m.taskId);
      return { ...next, outcomes: { ...next.outcomes, [m.step]: { result: m.result, detail: m.detail } } };
    }
    case 'taskComplete':
      return {
        ...forTask(state, m.taskId),
        result: { success: m.success, message: m.message },
        message: m.message,
      };
    case 'taskEnd':
      return { ...forTask(state, m.taskId), running: false, status: m.status, confirmation: null };
    case 'error':
      return { ...state, error: m.message };
    case 'control':
      return { ...state, founderControl: m.founder, error: null };
    default:
      return state;
  }
}

/** The stored task, for a page opened mid-task or after it ended; a newer task the socket already shows wins. */
function onRestore(state: MonitorState, data: VmTaskResponse, at: number): MonitorState {
  const task = data.task;
  if (!task) return state;
  if (state.taskId && state.taskId !== task.id && state.running) return state;
  const same = state.taskId === task.id;
  const ended = !task.isRunning && ENDED.has(task.status);
  const base = same ? state : { ...initialMonitorState, shots: state.shots, founderControl: state.founderControl };
  const shots =
    task.screenshot && !base.shots.some((s) => s.src === task.screenshot)
      ? addShot(base.shots, { src: task.screenshot, step: null, live: false, at })
      : base.shots;
  return {
    ...base,
    taskId: task.id,
    task: task.description,
    status: task.status,
    message: task.message,
    running: task.isRunning,
    decisions: mergeDecisions(base.decisions, data.decisions),
    shots,
    confirmation: data.pendingConfirmation,
    result: ended ? { success: task.status === 'completed', message: task.message ?? '' } : base.result,
  };
}

export function monitorReducer(state: MonitorState, event: MonitorEvent): MonitorState {
  switch (event.type) {
    case 'message':
      return onMessage(state, event.message, event.at);
    case 'restore':
      return onRestore(state, event.data, event.at);
    case 'confirmationAnswered':
      return state.confirmation?.id === event.id ? { ...state, confirmation: null } : state;
    case 'reset':
      return initialMonitorState;
  }
}

/** The newest screenshot (live frame or step), what the overlay and the live view show large. */
export const latestShot = (state: MonitorState): MonitorShot | null => state.shots.at(-1) ?? null;

/** The overlay's short list: the last VMS.monitorDecisions decisions. */
export const recentDecisions = (state: MonitorState): Decision[] =>
  state.decisions.slice(-VMS.monitorDecisions);
