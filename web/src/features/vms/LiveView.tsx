import { useVmMonitor } from './use-vm-monitor.ts';
import { LiveScreen } from './LiveScreen.tsx';

/** A machine's live screen on its own monitor subscription (the launch modal and Live View), with take control. */
export function LiveView({ vmId, vmName }: { vmId: string; vmName: string }) {
  const monitor = useVmMonitor(vmId);
  return <LiveScreen state={monitor.state} connected={monitor.connected} vmName={vmName} control={monitor} />;
}
