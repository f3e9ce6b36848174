import { Mail } from 'lucide-react';
import { useConfig } from '../../../data/config/use-config.ts';
import { linkClass } from './styles.ts';

/** Local mode only: emails never leave the machine, so point at the server's dev mailbox. */
export function DevMailboxLink() {
  const { devMailbox } = useConfig();
  if (!devMailbox) return null;
  return (
    <p className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <Mail className="size-4" aria-hidden="true" />
      <a href="/dev/mailbox" target="_blank" rel="noopener noreferrer" className={linkClass}>
        Open the dev mailbox
      </a>
    </p>
  );
}
