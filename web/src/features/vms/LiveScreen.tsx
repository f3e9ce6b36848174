import { latestShot, type MonitorState } from './monitor-state.ts';
import { VM_TEXT } from './texts.ts';

interface LiveScreenProps {
  state: MonitorState;
  connected: boolean;
  vmName: string;
}

/**
 * The machine's screen as it changes: the newest screenshot from the monitor socket (a live frame or a task
 * step's), with a "Live" indicator while frames stream in.
 */
export function LiveScreen({ state, connected, vmName }: LiveScreenProps) {
  const shot = latestShot(state);
  const live = connected && shot?.live === true;
  return (
    <figure
      aria-label={`Live view of ${vmName}`}
      className="relative overflow-hidden rounded-lg bg-slate-900"
    >
      {shot ? (
        <img src={shot.src} alt={`The screen of ${vmName}`} className="block w-full" />
      ) : (
        <p
          role="status"
          className="flex aspect-[16/10] items-center justify-center p-6 text-sm text-slate-300"
        >
          {VM_TEXT.noScreen}
        </p>
      )}
      {live && (
        <span className="absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
          <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
          {VM_TEXT.live}
        </span>
      )}
    </figure>
  );
}
