import type { ComputerActionType, Decision, PendingConfirmation, VmTaskStatus } from '@cofounder/shared';
import type { ComputerUseSession } from '../../providers/ai/port.ts';
import type { ActionResult, MachineAction, Observation } from '../../providers/vm/port.ts';

// The contract between the computer-use loop (loop.ts: screenshot → decide → act → repeat) and the service that
// runs it for a route or an agent (computer-use.service.ts: stores the task, publishes monitor events, reads
// Stop and confirmations from the database).

/** The one machine a loop drives. */
export interface LoopMachine {
  observe(): Promise<Observation>;
  act(action: MachineAction): Promise<ActionResult>;
}

/** What the loop reports, in this order per step; the service adds vmId, taskId and timestamp. */
export type LoopEvent =
  | { type: 'taskStart'; task: string }
  | { type: 'stepStart'; step: number }
  | { type: 'screenshot'; step: number; jpeg: Buffer }
  | { type: 'aiDecision'; decision: Decision }
  | { type: 'action'; step: number; action: ComputerActionType; result: 'ok' | 'blocked' | 'failed' | 'declined'; detail: string }
  | { type: 'stepComplete'; step: number }
  | { type: 'status'; status: VmTaskStatus; message: string | null }
  | { type: 'taskComplete'; success: boolean; message: string }
  | { type: 'taskEnd'; status: VmTaskStatus };

/** A sensitive action the founder must say yes to before it runs. */
export interface ConfirmRequest {
  step: number;
  kind: PendingConfirmation['kind'];
  reason: string;
  decision: Decision;
}

export type ConfirmAnswer = 'approved' | 'declined' | 'timeout' | 'stopped';

export interface LoopDeps {
  task: string;
  machine: LoopMachine;
  session: ComputerUseSession;
  emit(event: LoopEvent): Promise<void>;
  /** The founder pressed Stop (read from the database each step, so a Stop sent to another process counts). */
  stopRequested(): Promise<boolean>;
  /** Asks the founder (timeline + approvals inbox); resolves with the answer, 'timeout' after VMS.confirmTimeoutMs. */
  confirm(request: ConfirmRequest): Promise<ConfirmAnswer>;
  now(): number;
  limits: { maxSteps: number; timeLimitMs: number };
  /**
   * The founder's take control (features/vms/founder-control.ts): whether they hold the machine now, and a wait for
   * it back that resolves with what they did, in words for the model, or 'stopped' when they press Stop instead.
   */
  founder?: { holds(): boolean; waitForHandBack(): Promise<string | 'stopped'> };
  /**
   * A task taken over from a server process that died (resume.ts): it goes on at fromStep after the steps carried
   * out, its limits counted from its first start, and the model is told what was done (note) on the first step.
   */
  resume?: { fromStep: number; carriedOut: Decision[]; startedAt: number; note: string };
}

export interface LoopResult {
  status: Extract<VmTaskStatus, 'completed' | 'failed' | 'stopped'>;
  message: string;
  /** The screen after the last action. */
  finalScreenshot: Buffer | null;
  decisions: Decision[];
  tokens: number;
  costUsd: number;
  /** A step's model had no known price: costUsd leaves its tokens out. */
  priceUnknown?: boolean;
}
