import { useId } from 'react';
import type { SettingOption } from './options.ts';

interface OptionCardsProps<V extends string> {
  legend: string;
  name: string;
  options: readonly SettingOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Cards per row from the small breakpoint up. */
  columns?: 2 | 3;
}

const GRID = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/** A fieldset of native radio buttons drawn as cards, each named by its label and described by its explanation. */
export function OptionCards<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = 3,
}: OptionCardsProps<V>) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">{legend}</legend>
      <div className={`grid gap-2 ${GRID[columns]}`}>
        {options.map((option) => (
          <label key={option.value} className="relative block cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
              aria-labelledby={`${id}-${option.value}`}
              aria-describedby={`${id}-${option.value}-hint`}
            />
            <span className="block h-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 transition peer-checked:border-indigo-500 peer-checked:bg-indigo-50 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:peer-checked:bg-indigo-500/15">
              <span
                id={`${id}-${option.value}`}
                className="block text-sm font-medium text-slate-900 dark:text-slate-100"
              >
                {option.label}
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
