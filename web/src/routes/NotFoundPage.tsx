import { Link } from 'react-router';

/** Any unknown path (spec 1 §2): "404 Page Not Found" and a way home. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-slate-900 dark:text-white">
        <span className="block text-7xl font-extrabold tracking-tight text-indigo-600 dark:text-indigo-400">
          404
        </span>{' '}
        <span className="mt-2 block text-2xl font-bold">Page Not Found</span>
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950"
      >
        Go Home
      </Link>
    </div>
  );
}
