import type { ReactNode } from 'react';
import { TASK_COUNT_LABEL, type TaskCountKey } from './task-count-labels.ts';

/** Each front end's look: the dashboard's Tailwind classes, the popup's stylesheet (the list's class only). */
export interface TaskCountTilesLook {
  list: string;
  tile?: string;
  label?: string;
  /** A number's classes; the dashboard colours Need Login and Failed. */
  value?: (key: TaskCountKey) => string;
}

export interface TaskCountTilesProps {
  counts: Record<TaskCountKey, number>;
  /** Which counts, in order. */
  keys: readonly TaskCountKey[];
  /** The list's accessible name, where the page has no heading for it. */
  label?: string;
  look: TaskCountTilesLook;
  /** After a number (the dashboard's share of the total). */
  detail?: (key: TaskCountKey) => ReactNode;
}

/** Task counts as label and number tiles, the dashboard's Performance Overview and the popup alike. */
export function TaskCountTiles({ counts, keys, label, look, detail }: TaskCountTilesProps) {
  return (
    <dl className={look.list} aria-label={label}>
      {keys.map((key) => (
        <div key={key} className={look.tile} data-count={key}>
          <dt className={look.label}>{TASK_COUNT_LABEL[key]}</dt>
          <dd className={look.value?.(key)}>
            {counts[key]}
            {detail && <> {detail(key)}</>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
