import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { Camera, Maximize2, Play, Square } from 'lucide-react';
import { ApiError, VMS, type Vm } from '@cofounder/shared';
import {
  useRunComputerTask,
  useStopComputerTask,
  useVmScreenshot,
} from '../../data/vms/use-computer-task.ts';
import { useVmTask } from '../../data/vms/use-vm-task.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, cardClass, primaryClass } from '../work/labels.ts';
import { DecisionTimeline } from './DecisionTimeline.tsx';
import { LiveMonitorOverlay } from './LiveMonitorOverlay.tsx';
import { latestShot } from './monitor-state.ts';
import { ScreenshotModal } from './ScreenshotModal.tsx';
import { StatusLine } from './StatusLine.tsx';
import { VM_TEXT, serverErrorText } from './texts.ts';
import { useVmMonitor } from './use-vm-monitor.ts';

interface TaskPanelProps {
  userId: string;
  vm: Vm;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

const errorMessage = (e: unknown) => serverErrorText(e, e instanceof Error ? e.message : String(e));

/**
 * A running machine's task panel (spec 2 §2): the task box with Execute (Ctrl/Cmd+Enter) and Screenshot, Stop
 * while a task runs, the status line and the decision timeline filled live from the monitor socket, and at the
 * end the message with the final screenshot. The stored task seeds it when the page opens mid-task.
 */
export function TaskPanel({ userId, vm }: TaskPanelProps) {
  const monitor = useVmMonitor(vm.id);
  const stored = useVmTask(userId, vm.id);
  const { restore } = monitor;
  useEffect(() => {
    if (stored.data) restore(stored.data);
  }, [stored.data, restore]);

  const run = useRunComputerTask(userId, vm.id);
  const screenshot = useVmScreenshot(vm.id);
  const stop = useStopComputerTask(vm.id);
  const [task, setTask] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [monitorOpen, setMonitorOpen] = useState(false);
  // The task whose run request lost its server while the monitor showed it running (see execute).
  const [lostTask, setLostTask] = useState<string | null>(null);
  const monitorNow = useRef(monitor.state);
  monitorNow.current = monitor.state;
  const taskId = useId();

  const running = run.isPending || monitor.state.running;

  const execute = () => {
    if (running) return;
    if (!task.trim()) {
      setError(VMS.texts.emptyTask);
      return;
    }
    setError(null);
    setLostTask(null);
    run.mutate(task.trim(), {
      onSuccess: (res) => {
        if (!res.success && res.error) setError(res.error);
      },
      onError: (e) => {
        // No answer (or a gateway's bare 5xx) while the task runs: its server went away, and another may take the
        // task over. The monitor then tells how it goes; it is not reported failed here.
        const noAnswer = !(e instanceof ApiError) || (e.code === 'http_error' && e.status >= 500);
        const { running: live, taskId: liveTask } = monitorNow.current;
        if (noAnswer && live && liveTask) setLostTask(liveTask);
        else setError(serverErrorText(e, VMS.texts.runFailed));
      },
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      execute();
    }
  };

  const takeScreenshot = () => {
    setError(null);
    screenshot.mutate(undefined, {
      onSuccess: setViewing,
      onError: (e) => setError(VMS.texts.screenshotFailed(errorMessage(e))),
    });
  };

  const stopTask = () =>
    stop.mutate(undefined, { onError: (e) => toast.error(serverErrorText(e, VMS.texts.runFailed)) });

  // How the last task ended: the run's own answer when this page started it, else what the socket or the
  // stored task said.
  const ended = running
    ? null
    : run.data
      ? { message: run.data.message, screenshot: run.data.finalScreenshot }
      : monitor.state.result
        ? { message: monitor.state.result.message, screenshot: latestShot(monitor.state)?.src ?? null }
        : null;

  return (
    <section aria-labelledby={`${taskId}-title`} className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${taskId}-title`} className="flex-1 text-lg font-semibold text-slate-900 dark:text-white">
          Task on {vm.name}
        </h2>
        <button type="button" className={buttonClass} onClick={() => setMonitorOpen(true)}>
          <Maximize2 className="size-4" aria-hidden="true" />
          {VM_TEXT.openMonitor}
        </button>
      </div>

      <div>
        <label
          htmlFor={`${taskId}-task`}
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {VM_TEXT.taskLabel}
        </label>
        <textarea
          id={`${taskId}-task`}
          rows={3}
          maxLength={VMS.maxTaskChars}
          value={task}
          onChange={(e) => setTask(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={VM_TEXT.taskPlaceholder}
          aria-describedby={`${taskId}-hint`}
          className={inputClass}
        />
        <p id={`${taskId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {VM_TEXT.taskHint}
        </p>
      </div>

      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <button type="button" className={primaryClass} onClick={execute} disabled={running}>
          {running ? <Spinner /> : <Play className="size-4" aria-hidden="true" />}
          {VM_TEXT.execute}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={takeScreenshot}
          disabled={screenshot.isPending}
        >
          {screenshot.isPending ? <Spinner /> : <Camera className="size-4" aria-hidden="true" />}
          {VM_TEXT.screenshot}
        </button>
        {running && (
          <button type="button" className={buttonClass} onClick={stopTask} disabled={stop.isPending}>
            <Square className="size-4" aria-hidden="true" />
            {VM_TEXT.stopTask}
          </button>
        )}
      </div>

      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-900 dark:text-slate-200">
        <StatusLine state={monitor.state} />
        {lostTask !== null && monitor.state.taskId === lostTask && monitor.state.running && (
          <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-300">
            {VMS.texts.runnerContactLost}
          </p>
        )}
        {monitor.state.error && (
          <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">
            {VM_TEXT.liveUpdates}: {monitor.state.error}
          </p>
        )}
      </div>

      <DecisionTimeline vmId={vm.id} monitor={monitor} />

      {ended && (
        <section aria-label="Result" className="space-y-2">
          <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="task-result">
            {ended.message}
          </p>
          {ended.screenshot && (
            <button
              type="button"
              onClick={() => setViewing(ended.screenshot)}
              className="block w-full max-w-md overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-800"
            >
              <img src={ended.screenshot} alt={VM_TEXT.finalScreenshot} className="block w-full" />
            </button>
          )}
        </section>
      )}

      <ScreenshotModal src={viewing} vmName={vm.name} onClose={() => setViewing(null)} />
      <LiveMonitorOverlay
        open={monitorOpen}
        onClose={() => setMonitorOpen(false)}
        vmName={vm.name}
        monitor={monitor}
      />
    </section>
  );
}
