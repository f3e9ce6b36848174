import { useId } from 'react';
import type { ConnectionChoice } from './connection-draft.ts';
import { MODEL_TEXT } from './model-texts.ts';

export interface ChoiceOption {
  value: ConnectionChoice;
  hint: string;
}

/** The "Connection" radio group: native radios drawn as cards, each named by its label alone, its hint described. */
export function ConnectionChoices({
  options,
  value,
  onChange,
}: {
  options: readonly ChoiceOption[];
  value: ConnectionChoice;
  onChange: (value: ConnectionChoice) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {MODEL_TEXT.connection}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="relative block cursor-pointer">
            <input
              type="radio"
              name={`${id}-connection`}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              aria-labelledby={`${id}-${option.value}`}
              aria-describedby={`${id}-${option.value}-hint`}
              className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
            />
            <span className="block h-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 transition peer-checked:border-indigo-500 peer-checked:bg-indigo-50 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:peer-checked:bg-indigo-500/15">
              <span
                id={`${id}-${option.value}`}
                className="block text-sm font-medium text-slate-900 dark:text-slate-100"
              >
                {MODEL_TEXT.choices[option.value]}
              </span>
              <span
                id={`${id}-${option.value}-hint`}
                className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400"
              >
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
