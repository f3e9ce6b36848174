import { useCallback, useEffect, useRef, useState } from 'react';
import { VMS, type Vm, type VncInfo } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { useLaunchVm } from '../../data/vms/use-launch-vm.ts';
import { serverErrorText } from './texts.ts';

/** The launch modal's states (spec 1 §4): launching → waiting for the view → ready, or failed / timed out. */
export type LaunchState =
  | { phase: 'idle' }
  | { phase: 'launching' }
  | { phase: 'waiting'; vm: Vm; failures: number }
  | { phase: 'ready'; vm: Vm; vnc: VncInfo }
  | { phase: 'failed'; message: string }
  | { phase: 'timedOut'; vm: Vm };

/**
 * Launches a machine, then polls GET /api/vms/{id}/vnc every VMS.vncPollMs until the view is ready; every failed
 * poll counts, and VMS.vncMaxFailures of them end in "timed out" (spec 1 §9). Plain setTimeout chains, so fake
 * timers drive it in tests; closing (or unmounting) cancels whatever is in flight.
 */
export function useLaunchFlow(userId: string) {
  const api = useApi();
  const launch = useLaunchVm(userId);
  const [state, setState] = useState<LaunchState>({ phase: 'idle' });
  // Each start gets a generation; answers of an older one (after a close) are dropped.
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    generation.current += 1;
    clearTimeout(timer.current);
  }, []);
  useEffect(() => cancel, [cancel]);

  const poll = useCallback(
    (vm: Vm, failures: number, gen: number) => {
      setState({ phase: 'waiting', vm, failures });
      api.vmVnc(vm.id).then(
        ({ vnc }) => {
          if (gen === generation.current) setState({ phase: 'ready', vm, vnc });
        },
        () => {
          if (gen !== generation.current) return;
          const failed = failures + 1;
          if (failed >= VMS.vncMaxFailures) setState({ phase: 'timedOut', vm });
          else timer.current = setTimeout(() => poll(vm, failed, gen), VMS.vncPollMs);
        },
      );
    },
    [api],
  );

  const { mutateAsync } = launch;
  const start = useCallback(() => {
    cancel();
    const gen = generation.current;
    setState({ phase: 'launching' });
    mutateAsync().then(
      ({ vm }) => {
        if (gen === generation.current) poll(vm, 0, gen);
      },
      (e: unknown) => {
        if (gen === generation.current)
          setState({ phase: 'failed', message: serverErrorText(e, VMS.texts.launchFailed) });
      },
    );
  }, [cancel, mutateAsync, poll]);

  const close = useCallback(() => {
    cancel();
    setState({ phase: 'idle' });
  }, [cancel]);

  return { state, start, close };
}
