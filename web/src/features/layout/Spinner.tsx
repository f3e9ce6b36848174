import { LoaderCircle } from 'lucide-react';

/** Decorative spinner; the surrounding text carries the meaning for screen readers. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return <LoaderCircle className={`animate-spin ${className}`} aria-hidden="true" />;
}
