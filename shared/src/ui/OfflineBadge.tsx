import { useEffect, useId, useRef, useState } from 'react';
import { CloudOff } from 'lucide-react';
import { MODE_TEXT } from '../constants.ts';
import { CONNECT_MODEL_TEXT, ConnectModelAnchor, type ConnectModelLink } from './connect-model.tsx';

/**
 * The chat's status while the offline co-founder answers (in place of "Online"): says plainly that replies come
 * from it, with how to get a real model. A toggletip (a button that shows its note), so it works by keyboard and
 * touch, not only on hover.
 */
export function OfflineBadge({ connect }: { connect?: ConnectModelLink } = {}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const noteId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <span ref={root} className="relative inline-flex">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300"
      >
        <CloudOff className="size-3.5" aria-hidden="true" />
        {MODE_TEXT.offlineCofounder}
      </button>
      <span
        id={noteId}
        role="status"
        className={`${open ? 'block' : 'hidden'} absolute top-full left-0 z-30 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 text-xs text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200`}
      >
        {open && (
          <>
            {MODE_TEXT.offlineCofounderNote}
            {connect && (
              <ConnectModelAnchor
                link={connect}
                className="mt-2 block font-medium text-indigo-600 underline hover:text-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400"
              >
                {CONNECT_MODEL_TEXT}
              </ConnectModelAnchor>
            )}
          </>
        )}
      </span>
    </span>
  );
}
