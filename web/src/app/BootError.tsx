/** Shown when the server's configuration cannot be loaded: nothing else can work without it. */
export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold">Cofounder is not reachable</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        The app could not load its configuration from the server. Check your connection and try again.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
      >
        Try again
      </button>
    </div>
  );
}
