import { Download } from 'lucide-react';
import { DialogShell } from '@cofounder/shared/ui';
import { buttonClass } from '../work/labels.ts';
import { VM_TEXT } from './texts.ts';

interface ScreenshotModalProps {
  /** The screenshot as a data URL; null keeps the modal closed. */
  src: string | null;
  /** Whose screen it is, for the alt text and the file name. */
  vmName: string;
  onClose: () => void;
}

/** A screenshot large, with a Download link (spec 2 §2 "screenshot modal"); Escape closes, focus returns. */
export function ScreenshotModal({ src, vmName, onClose }: ScreenshotModalProps) {
  return (
    <DialogShell
      open={src !== null}
      onOpenChange={(next) => !next && onClose()}
      overlayClassName="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm"
      className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(72rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-950"
      title={`${VM_TEXT.screenshotTitle}: ${vmName}`}
      titleClassName="pr-8 text-lg font-semibold text-slate-900 dark:text-white"
      description="The machine's screen at the time it was taken."
      descriptionClassName="sr-only"
    >
      {src && (
        <>
          <div className="min-h-0 flex-1 overflow-auto">
            <img
              src={src}
              alt={`Screenshot of ${vmName}`}
              className="w-full rounded-lg border border-slate-200 dark:border-slate-800"
            />
          </div>
          <a
            href={src}
            download={`${vmName.replace(/[^\w-]+/g, '-')}-screenshot.jpg`}
            className={`${buttonClass} self-start`}
          >
            <Download className="size-4" aria-hidden="true" />
            {VM_TEXT.download}
          </a>
        </>
      )}
    </DialogShell>
  );
}
