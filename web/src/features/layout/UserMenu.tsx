import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CircleUser, LayoutDashboard, Settings } from 'lucide-react';
import { useAppNavigate } from './navigation.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** The signed-in header's account menu: who is signed in, and quick ways into the dashboard. */
export function UserMenu({ email }: { email: string }) {
  const navigate = useAppNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full p-1.5 text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <CircleUser className="size-6" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-500 dark:text-slate-400">
            Signed in as
            <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/dashboard/chat')}>
            <LayoutDashboard className="size-4" aria-hidden="true" /> Open chat
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/dashboard/settings')}>
            <Settings className="size-4" aria-hidden="true" /> Settings
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
