import type { ReactNode } from 'react';
import { DialogShell } from '@cofounder/shared/ui';

interface WorkDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The Work screen's modal frame: a titled dialog that scrolls inside when its content is long. */
export function WorkDialog({ open, onClose, title, description, children, wide = false }: WorkDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && onClose()}
      className={`fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-950 ${wide ? 'w-[min(48rem,calc(100vw-2rem))]' : 'w-[min(28rem,calc(100vw-2rem))]'}`}
      title={title}
      titleClassName="pr-8 text-lg font-semibold text-slate-900 dark:text-white"
      description={description ?? title}
      descriptionClassName={description ? 'mt-1 text-sm text-slate-600 dark:text-slate-400' : 'sr-only'}
    >
      <div className="mt-4 min-h-0 flex-1 overflow-y-auto">{children}</div>
    </DialogShell>
  );
}
