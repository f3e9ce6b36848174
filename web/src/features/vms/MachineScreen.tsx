import { ExternalLink } from 'lucide-react';
import type { Vm, VncInfo } from '@cofounder/shared';
import { buttonClass } from '../work/labels.ts';
import { LiveView } from './LiveView.tsx';
import { VM_TEXT } from './texts.ts';

/** noVNC's page on a cloud machine, with the view password (spec 2 §9). */
export function novncUrl(vnc: { host: string; port: number; password: string }): string {
  return `http://${vnc.host}:${vnc.port}/vnc.html?password=${encodeURIComponent(vnc.password)}`;
}

/**
 * A machine's own screen (spec 2 §4 "RUNNING allows VNC"): the streamed screen of a local machine, or a cloud
 * machine's noVNC desktop with a link to open it in a tab. The launch dialog and Live View both show it.
 */
export function MachineScreen({ vm, vnc }: { vm: Pick<Vm, 'id' | 'name'>; vnc: VncInfo }) {
  if (vnc.kind === 'screencast') return <LiveView vmId={vm.id} vmName={vm.name} />;
  return (
    <>
      <iframe
        title={`Desktop of ${vm.name}`}
        src={novncUrl(vnc)}
        className="aspect-[16/10] w-full rounded-lg border border-slate-200 dark:border-slate-800"
      />
      <a href={novncUrl(vnc)} target="_blank" rel="noreferrer" className={buttonClass}>
        <ExternalLink className="size-4" aria-hidden="true" />
        {VM_TEXT.openVnc}
      </a>
    </>
  );
}
