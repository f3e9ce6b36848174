import { useRef } from 'react';

/**
 * Radix returns focus on close only to a Dialog.Trigger; these dialogs open from ordinary buttons (a card's
 * Live View, the task panel), so the element focused when the dialog opened gets the focus back.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
