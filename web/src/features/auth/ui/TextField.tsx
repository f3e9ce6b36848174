import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputBad, inputClass, inputOk } from './styles.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** Extra help under the field (e.g. the strength meter), linked to the input for screen readers. */
  hint?: ReactNode;
  /** A control drawn inside the field's right edge (the show/hide password button). */
  trailing?: ReactNode;
}

/** A labelled input whose error is announced and linked through aria-describedby. */
export function TextField({ id, label, error, hint, trailing, className = '', ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${error ? inputBad : inputOk} ${trailing ? 'pr-11' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && <div id={hintId}>{hint}</div>}
    </div>
  );
}
