import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

interface WorkDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The Work screen's modal frame: a titled Radix dialog that scrolls inside when its content is long. */
export function WorkDialog({ open, onClose, title, description, children, wide = false }: WorkDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-950 ${wide ? 'w-[min(48rem,calc(100vw-2rem))]' : 'w-[min(28rem,calc(100vw-2rem))]'}`}
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </Dialog.Title>
          <Dialog.Description
            className={description ? 'mt-1 text-sm text-slate-600 dark:text-slate-400' : 'sr-only'}
          >
            {description ?? title}
          </Dialog.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto">{children}</div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:text-slate-900 dark:hover:text-white"
          >
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
