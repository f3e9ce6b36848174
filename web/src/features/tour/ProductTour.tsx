import { lazy, Suspense } from 'react';
import { useProductTour } from './use-product-tour.ts';

// The dialog and its six steps load only when the tour opens (a founder's first dashboard visit on a browser).
const TourDialog = lazy(() => import('./TourDialog.tsx'));

/** The product tour of spec 1 §2: opens once per founder and browser, TOUR.delayMs after the dashboard shows. */
export function ProductTour({ userId, onHighlight }: { userId: string; onHighlight: (to: string | null) => void }) {
  const { open, ...tour } = useProductTour(userId);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TourDialog {...tour} onHighlight={onHighlight} />
    </Suspense>
  );
}
