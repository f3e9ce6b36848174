export interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly V[];
  /** Display text per value; values are shown as they are when absent (experience, stages). */
  labels?: Record<V, string>;
  selected: readonly V[];
  /** Checkboxes (several may be chosen) instead of radio buttons. */
  multiple?: boolean;
  onToggle: (value: V) => void;
  columns?: 2 | 3;
}

/** A fieldset of native radio buttons or checkboxes drawn as cards (keyboard and screen-reader behaviour for free). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  labels,
  selected,
  multiple = false,
  onToggle,
  columns = 2,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className={`grid gap-2 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {options.map((value) => (
          <label key={value} className="relative block cursor-pointer">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={value}
              checked={selected.includes(value)}
              onChange={() => onToggle(value)}
              className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
            />
            <span className="block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800 transition peer-checked:border-indigo-500 peer-checked:bg-indigo-50 peer-checked:text-indigo-800 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:peer-checked:bg-indigo-500/15 dark:peer-checked:text-indigo-200">
              {labels?.[value] ?? value}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
