import type { ReactElement } from 'react';

/**
 * A labelled control with its error under it. The control gets `id`, `aria-invalid` and `aria-describedby` from
 * the caller (see fieldA11y), so inputs, selects and textareas all work the same way.
 */
export function FormField({
  id,
  label,
  required = false,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactElement;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The accessibility attributes a control needs for its error (and `required` for screen readers only). */
export function fieldA11y(id: string, error: string | undefined, required: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  } as const;
}
