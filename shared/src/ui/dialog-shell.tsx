import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { rememberOpener, returnFocus, type Opener } from './focus-return.ts';

/** The centred card most dialogs use; add a max-w-* (the default content class uses max-w-md). */
export const DIALOG_PANEL =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

const OVERLAY = 'fixed inset-0 z-50 bg-black/60 backdrop-blur-sm';
const TITLE = 'text-lg font-semibold';
const DESCRIPTION = 'mt-2 text-sm text-slate-600 dark:text-slate-300';
const CLOSE =
  'absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-white';

type ContentProps = Omit<Dialog.DialogContentProps, 'className' | 'children' | 'title'>;

export interface DialogShellProps {
  /** Controlled open state; leave both out with `trigger` for a dialog that manages itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the dialog (Radix's Trigger, asChild): focus returns to it on close. */
  trigger?: ReactNode;
  /** The accessible name (Dialog.Title); `titleClassName="sr-only"` hides it. */
  title: ReactNode;
  /** The accessible description (Dialog.Description); `descriptionClassName="sr-only"` hides it. */
  description: ReactNode;
  /** Shown above the title (an icon, "Step 1 of 6"). */
  header?: ReactNode;
  /** Replaces the content box's classes (default: DIALOG_PANEL max-w-md). */
  className?: string;
  /** Replaces the overlay's classes; null renders no overlay (the dialog stays modal). */
  overlayClassName?: string | null;
  titleClassName?: string;
  descriptionClassName?: string;
  /** The corner × button (aria-label "Close"), placed last so it never takes the first focus from the content. */
  showClose?: boolean;
  closeClassName?: string;
  /**
   * Without `trigger`, focus returns on close to what had it when the dialog opened; this is where it goes when
   * that is gone or was the page itself (a region gives its first control).
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** More props of Dialog.Content (onOpenAutoFocus; an onCloseAutoFocus that prevents default places focus itself). */
  contentProps?: ContentProps;
  children?: ReactNode;
}

/**
 * The one modal frame of the web app and the extension: Radix's Dialog (focus trap, Escape and outside click
 * close, aria-labelledby/-describedby, focus back to the opener on close) with the overlay, a titled and
 * described content box and the corner close button. Callers style by replacing class strings, not by copying
 * the markup.
 */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  header,
  className = `${DIALOG_PANEL} max-w-md`,
  overlayClassName = OVERLAY,
  titleClassName = TITLE,
  descriptionClassName = DESCRIPTION,
  showClose = true,
  closeClassName = CLOSE,
  returnFocusTo,
  contentProps,
  children,
}: DialogShellProps) {
  const opener = useRef<Opener>([]);
  // Radix gives focus back only to a Dialog.Trigger; most dialogs open from an ordinary button (or by themselves).
  const focusProps: Pick<ContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> =
    trigger === undefined
      ? {
          onOpenAutoFocus: (event) => {
            opener.current = rememberOpener();
            contentProps?.onOpenAutoFocus?.(event);
          },
          onCloseAutoFocus: (event) => {
            contentProps?.onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            returnFocus(opener.current, returnFocusTo);
          },
        }
      : {};
  // A control that gives Escape its own meaning (a machine screen the founder drives: Escape hands the keyboard
  // back to the page) marks itself data-keeps-escape; Escape there does not close the dialog.
  const onEscapeKeyDown: ContentProps['onEscapeKeyDown'] = (event) => {
    if (event.target instanceof Element && event.target.closest('[data-keeps-escape]')) event.preventDefault();
    contentProps?.onEscapeKeyDown?.(event);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        {overlayClassName !== null && <Dialog.Overlay className={overlayClassName} />}
        <Dialog.Content {...contentProps} {...focusProps} onEscapeKeyDown={onEscapeKeyDown} className={className}>
          {header}
          <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
          <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          {children}
          {showClose && (
            <Dialog.Close aria-label="Close" className={closeClassName}>
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button inside DialogShell's content that closes it (Cancel, Done). */
export const DialogClose = Dialog.Close;
