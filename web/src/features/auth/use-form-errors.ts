import { useCallback, useState } from 'react';
import type { FormErrors } from '@cofounder/shared';

/**
 * Field errors from a shared validate* rule. A field's error clears as soon as the user types in it
 * (spec 1 §5); the "Please fix the errors below" banner shows while any error is left.
 */
export function useFormErrors<K extends string>() {
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const clear = useCallback((field: K) => {
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);
  const hasErrors = Object.values(errors).some(Boolean);
  return { errors, setErrors, clear, hasErrors };
}
