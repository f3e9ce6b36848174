// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { TASK_COUNT_LABEL, type TaskCountKey } from './task-count-labels.ts';
import { TaskCountTiles, type TaskCountTilesLook } from './TaskCountTiles.tsx';

afterEach(cleanup);

const COUNTS: Record<TaskCountKey, number> = {
  total: 7,
  pending: 1,
  in_progress: 2,
  completed: 3,
  paused: 1,
  failed: 0,
};
const LOOK: TaskCountTilesLook = { list: 'grid', tile: 'tile', label: 'name', value: (key) => `n-${key}` };
const tiles = () =>
  [...document.querySelectorAll('[data-count]')].map((tile) => [
    tile.getAttribute('data-count'),
    tile.querySelector('dt')?.textContent,
    tile.querySelector('dd')?.textContent,
  ]);

describe('TaskCountTiles (the dashboard and the popup)', () => {
  it('shows the chosen counts in order, each with its label and number', () => {
    render(
      <TaskCountTiles counts={COUNTS} keys={['total', 'paused', 'failed']} label="Task counts" look={LOOK} />,
    );
    expect(document.querySelector('dl')?.getAttribute('aria-label')).toBe('Task counts');
    expect(tiles()).toEqual([
      ['total', TASK_COUNT_LABEL.total, '7'],
      ['paused', TASK_COUNT_LABEL.paused, '1'],
      ['failed', TASK_COUNT_LABEL.failed, '0'],
    ]);
    expect(document.querySelector('[data-count="paused"] dd')?.className).toBe('n-paused');
  });

  it("adds the caller's detail after each number", () => {
    render(
      <TaskCountTiles
        counts={COUNTS}
        keys={['completed', 'pending']}
        look={LOOK}
        detail={(key) => <span>({Math.round((COUNTS[key] / COUNTS.total) * 100)}%)</span>}
      />,
    );
    expect(tiles()).toEqual([
      ['completed', TASK_COUNT_LABEL.completed, '3 (43%)'],
      ['pending', TASK_COUNT_LABEL.pending, '1 (14%)'],
    ]);
  });
});
