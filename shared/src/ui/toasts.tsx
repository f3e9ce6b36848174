import { ToastContainer, type ToastContainerProps } from 'react-toastify';
import { TIMINGS } from '../constants.ts';

/** The toast container options of spec 1 §2, shared so web and extension toasts behave the same. */
export const TOAST_OPTIONS = {
  position: 'bottom-right',
  theme: 'dark',
  autoClose: TIMINGS.toastAutoCloseMs,
  newestOnTop: true,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  hotKeys: (e: KeyboardEvent) => e.altKey && e.code === 'KeyT',
} as const satisfies ToastContainerProps;

/** The app-wide toast container (react-toastify 11 injects its own CSS). */
export function AppToasts() {
  return <ToastContainer {...TOAST_OPTIONS} />;
}
