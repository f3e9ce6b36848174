import { useId, useRef } from 'react';
import { Hand, MousePointerClick } from 'lucide-react';
import { VMS, type ControlInput } from '@cofounder/shared';
import { latestShot, type MonitorState } from './monitor-state.ts';
import { VM_TEXT } from './texts.ts';
import { useScreenControl } from './use-screen-control.ts';

/** Take control of the shown machine (issue 28 §4): the monitor's commands, when the view offers it. */
export interface ScreenControl {
  takeControl: () => void;
  handBack: () => void;
  sendInput: (input: ControlInput) => void;
}

interface LiveScreenProps {
  state: MonitorState;
  connected: boolean;
  vmName: string;
  control?: ScreenControl;
}

const controlButton =
  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50';

/**
 * The machine's screen as it changes: the newest screenshot from the monitor socket (a live frame or a task
 * step's), with a "Live" indicator while frames stream in. With `control`, the founder can take the machine over:
 * their clicks, wheel and keys on the screen go to it, and the AI waits until they hand it back.
 */
export function LiveScreen({ state, connected, vmName, control }: LiveScreenProps) {
  const shot = latestShot(state);
  const live = connected && shot?.live === true;
  const active = control !== undefined && state.founderControl && connected;
  const hintId = useId();
  const screen = useRef<HTMLElement>(null);
  const handBackButton = useRef<HTMLButtonElement>(null);
  const input = useScreenControl({
    active,
    send: control?.sendInput ?? (() => undefined),
    screen,
    release: handBackButton,
  });
  return (
    <div className="space-y-2">
      {control && (
        <div className="flex items-center gap-3">
          {active ? (
            <button
              ref={handBackButton}
              type="button"
              onClick={control.handBack}
              className={`${controlButton} bg-amber-400 text-slate-950 hover:bg-amber-300`}
            >
              <Hand className="size-4" aria-hidden="true" />
              {VMS.texts.handBack}
            </button>
          ) : (
            <button
              type="button"
              onClick={control.takeControl}
              disabled={!connected || !shot}
              className={`${controlButton} bg-indigo-600 text-white hover:bg-indigo-500`}
            >
              <MousePointerClick className="size-4" aria-hidden="true" />
              {VMS.texts.takeControl}
            </button>
          )}
          <p id={hintId} role="status" className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
            {active
              ? `${state.running ? VMS.texts.founderInControl : VMS.texts.founderInControlIdle} ${VMS.texts.controlHint} ${VM_TEXT.escapeHint}`
              : ''}
          </p>
        </div>
      )}
      <figure
        ref={screen}
        aria-label={active ? VM_TEXT.controlledScreen(vmName) : `Live view of ${vmName}`}
        // While the founder drives, the screen takes the keyboard (Escape gives it back) and shows that it does.
        tabIndex={active ? 0 : undefined}
        {...(active ? { role: 'application', 'aria-describedby': hintId, 'data-keeps-escape': '' } : {})}
        onClick={input.onClick}
        onDoubleClick={input.onDoubleClick}
        onKeyDown={input.onKeyDown}
        className={`relative overflow-hidden rounded-lg bg-slate-900 ${
          active ? 'cursor-crosshair ring-2 ring-amber-400 focus-visible:ring-4 focus-visible:outline-none' : ''
        }`}
      >
        {shot ? (
          <img src={shot.src} alt={`The screen of ${vmName}`} className="block w-full select-none" draggable={false} />
        ) : (
          <p role="status" className="flex aspect-[16/10] items-center justify-center p-6 text-sm text-slate-300">
            {VM_TEXT.noScreen}
          </p>
        )}
        {live && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {VM_TEXT.live}
          </span>
        )}
        {active && (
          <span className="absolute top-2 right-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
            {VM_TEXT.youDrive}
          </span>
        )}
      </figure>
    </div>
  );
}
