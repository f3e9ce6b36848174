import { Spinner } from './Spinner.tsx';

/** Full-page placeholder while auth or a page module loads (spec 1 §2: the guard shows a loading screen). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[60vh] items-center justify-center gap-3 text-slate-500 dark:text-slate-400"
    >
      <Spinner className="size-5" />
      <span>{label}</span>
    </div>
  );
}
