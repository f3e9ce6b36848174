import { useRouteError } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { isChunkLoadError } from '../../lazy-route.ts';

/** Error boundary of the route tree: a page module that failed to download, or a crash while rendering. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {chunk ? 'This page could not be loaded' : 'Something went wrong'}
      </h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        {chunk
          ? 'Part of the app failed to download. Check your connection, then reload the page.'
          : 'An unexpected error occurred. Reload the page to try again.'}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
      >
        <RefreshCw className="size-4" aria-hidden="true" />
        Reload page
      </button>
    </div>
  );
}
