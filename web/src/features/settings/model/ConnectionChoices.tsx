import { useId } from 'react';
import { OptionCards } from '../OptionCards.tsx';
import type { ConnectionChoice } from './connection-draft.ts';
import { MODEL_TEXT } from './model-texts.ts';

export interface ChoiceOption {
  value: ConnectionChoice;
  hint: string;
}

/** The "Connection" radio group: the settings screen's option cards, two per row. */
export function ConnectionChoices({
  options,
  value,
  onChange,
}: {
  options: readonly ChoiceOption[];
  value: ConnectionChoice;
  onChange: (value: ConnectionChoice) => void;
}) {
  const name = `${useId()}-connection`;
  return (
    <OptionCards
      legend={MODEL_TEXT.connection}
      name={name}
      options={options.map((o) => ({ ...o, label: MODEL_TEXT.choices[o.value] }))}
      value={value}
      onChange={onChange}
      columns={2}
    />
  );
}
