import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, TOUR } from '@cofounder/shared';

/**
 * First-visit logic of the product tour (spec 1 §2): it opens TOUR.delayMs after the dashboard first shows,
 * unless this user finished or skipped it on this browser before; closing it in any way stores that.
 */
export function useProductTour(userId: string) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (localStorage.getItem(STORAGE_KEYS.tourCompleted(userId)) === 'true') return;
    const timer = setTimeout(() => setOpen(true), TOUR.delayMs);
    return () => clearTimeout(timer);
  }, [userId]);

  const close = useCallback(() => {
    localStorage.setItem(STORAGE_KEYS.tourCompleted(userId), 'true');
    setOpen(false);
  }, [userId]);

  return { open, index, setIndex, close };
}
