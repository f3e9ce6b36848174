import type { ReactNode } from 'react';
// The module itself, not '@cofounder/shared/ui': see lib/server-url.ts (the first paint must stay free of zod).
import { UsageMeter } from '../../../../shared/src/ui/usage/UsageMeter.tsx';
import { CONNECT_MODEL_TEXT, MODEL_SETTINGS_PATH } from '../../../../shared/src/ui/connect-model.tsx';
import { TASK_COUNT_LABEL, type TaskCountKey } from '../../../../shared/src/ui/tasks/task-count-labels.ts';
import { TaskCountTiles, type TaskCountTilesLook } from '../../../../shared/src/ui/tasks/TaskCountTiles.tsx';
import type { Glance } from '../../lib/glance.ts';
import { TabLink } from './TabLink.tsx';
import { updatedAgo } from './updated-ago.ts';

const COUNTS: TaskCountKey[] = ['total', 'pending', 'in_progress', 'completed', 'paused', 'failed'];
/** The tiles in the popup's stylesheet (`.counts`). */
const COUNTS_LOOK: TaskCountTilesLook = { list: 'counts' };

/** The hint beside the offline co-founder's drafts, which a model would have finished instead. */
export const offlineDraftsText = (drafts: number) =>
  `${drafts} ${drafts === 1 ? 'draft' : 'drafts'} by the offline co-founder`;

export interface GlanceViewProps {
  serverUrl: string;
  glance: Glance | null;
  refreshing: boolean;
  error: ReactNode;
  /** False when the server cannot transcribe: the voice minutes bar is left out (unknown on the first paint). */
  voice?: boolean;
}

/** Task counts, the "Need login" and offline drafts hints and the usage meter, with how fresh they are. */
export function GlanceView({ serverUrl, glance, refreshing, error, voice = true }: GlanceViewProps) {
  const paused = glance?.counts.paused ?? 0;
  const offlineDrafts = glance?.offlineDrafts ?? 0;
  return (
    <div className="stack glance" aria-busy={refreshing}>
      {glance && (
        <TaskCountTiles counts={glance.counts} keys={COUNTS} label="Task counts" look={COUNTS_LOOK} />
      )}
      {paused > 0 && (
        <p className="hint">
          <strong>{TASK_COUNT_LABEL.paused}</strong>{' '}
          <TabLink href={`${serverUrl}/dashboard/connections`}>
            {paused === 1 ? '1 task needs' : `${paused} tasks need`} you to connect an account
          </TabLink>
        </p>
      )}
      {offlineDrafts > 0 && (
        <p className="hint" data-testid="offline-drafts-hint">
          {offlineDraftsText(offlineDrafts)}.{' '}
          <TabLink href={`${serverUrl}${MODEL_SETTINGS_PATH}`}>{CONNECT_MODEL_TEXT}</TabLink>
        </p>
      )}
      {glance?.usage && (
        <div className="usage">
          <UsageMeter reply={glance.usage} showVoice={voice !== false} />
        </div>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <p role="status" className="muted freshness">
        {refreshing
          ? glance
            ? 'Refreshing...'
            : 'Loading your tasks...'
          : glance
            ? updatedAgo(glance.savedAt)
            : ''}
      </p>
    </div>
  );
}
