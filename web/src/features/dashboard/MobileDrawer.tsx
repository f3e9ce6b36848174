import { DialogShell } from '@cofounder/shared/ui';
import { Sidebar } from './Sidebar.tsx';

const PANEL =
  'fixed inset-y-0 left-0 z-50 flex w-64 max-w-[calc(100%-3rem)] flex-col overflow-y-auto border-r border-slate-200 bg-white text-slate-900 shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100';

/**
 * The dashboard's navigation below md: a modal dialog (focus trapped inside, Escape closes, the page behind
 * inert, focus back to the menu button on close). Loaded on the first open, like the sign-out dialog.
 */
export default function MobileDrawer({
  open,
  onOpenChange,
  highlight,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  highlight: string | null;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Menu"
      titleClassName="sr-only"
      description="Dashboard navigation"
      descriptionClassName="sr-only"
      className={PANEL}
      overlayClassName="fixed inset-0 z-50 bg-black/40"
      // Radix hides the page behind from assistive technology; aria-modal says so on the dialog itself.
      contentProps={{ 'aria-modal': true }}
    >
      <Sidebar onNavigate={() => onOpenChange(false)} highlight={highlight} />
    </DialogShell>
  );
}
