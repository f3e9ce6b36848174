import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import {
  ApiError,
  AUTONOMY,
  ENERGY_LEVELS,
  PRIORITY,
  WORK,
  relativeTime,
  type AutonomySettings,
} from '@cofounder/shared';
import { Pause, Play } from 'lucide-react';
import { useAutonomySettings } from '../../data/autonomy/use-autonomy-settings.ts';
import {
  useDisableAutonomy,
  useEnableAutonomy,
  useUpdateAutonomy,
} from '../../data/autonomy/use-autonomy-mutations.ts';
import { KillSwitch } from '../agents/KillSwitch.tsx';
import { buttonClass, cardClass, primaryClass } from '../work/labels.ts';
import {
  FOCUS_LABELS,
  bodyOf,
  draftChanged,
  draftError,
  draftOf,
  timeUntil,
  type AutonomyDraft,
} from './autonomy-form.ts';

const PRIORITIES = Array.from({ length: PRIORITY.max - PRIORITY.min + 1 }, (_, i) => PRIORITY.min + i);
const messageOf = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Something went wrong. Please try again.';

/** /dashboard/autonomy, "Intern Autonomy" (spec 2 §2-§4, §9): when and how much the intern works unasked. */
export function AutonomyScreen({ userId }: { userId: string }) {
  const settings = useAutonomySettings(userId);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Intern Autonomy
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Let your co-founder check in on its own and add tasks while you are away.
          </p>
        </div>
        <KillSwitch />
      </header>
      {settings.isPending ? (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          Loading autonomy settings…
        </p>
      ) : settings.isError ? (
        <div role="alert" className={cardClass}>
          <p className="text-red-700 dark:text-red-300">Could not load autonomy settings.</p>
          <button type="button" className={`${buttonClass} mt-3`} onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <AutonomyForm userId={userId} settings={settings.data} />
      )}
    </div>
  );
}

function AutonomyForm({ userId, settings }: { userId: string; settings: AutonomySettings }) {
  const saved = draftOf(settings);
  const [draft, setDraft] = useState<AutonomyDraft>(saved);
  const [banner, setBanner] = useState(false);
  const enable = useEnableAutonomy(userId);
  const disable = useDisableAutonomy(userId);
  const update = useUpdateAutonomy(userId);
  const changed = draftChanged(draft, saved);
  const problem = draftError(draft);

  useEffect(() => {
    if (!banner) return;
    const id = setTimeout(() => setBanner(false), WORK.saveBannerMs);
    return () => clearTimeout(id);
  }, [banner]);

  const set = (patch: Partial<AutonomyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleArea = (area: AutonomyDraft['focusAreas'][number]) =>
    set({
      focusAreas: draft.focusAreas.includes(area)
        ? draft.focusAreas.filter((a) => a !== area)
        : [...draft.focusAreas, area],
    });

  const save = () =>
    update.mutate(bodyOf(draft), {
      onSuccess: ({ settings: s }) => {
        setDraft(draftOf(s));
        setBanner(true);
      },
    });
  const start = () =>
    // Starting also stores unsaved edits, so the first check-in works with what the founder sees.
    enable.mutate(problem ? {} : bodyOf(draft), {
      onSuccess: ({ settings: s }) => setDraft(draftOf(s)),
      onError: (e) => toast.error(messageOf(e)),
    });
  const pause = () => disable.mutate(undefined, { onError: (e) => toast.error(messageOf(e)) });

  const lastRun = settings.lastRun;
  return (
    <div className="space-y-6">
      <section aria-labelledby="autonomy-status" className={cardClass}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="autonomy-status" className="text-lg font-semibold text-slate-900 dark:text-white">
              Status: {settings.isEnabled ? 'Enabled' : 'Disabled'}
            </h2>
            {settings.isEnabled && settings.nextRunAt ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Next check-in {timeUntil(settings.nextRunAt)} ({new Date(settings.nextRunAt).toLocaleString()}
                )
              </p>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Autonomy is paused. Start it to let your co-founder check in every {settings.intervalHours} h.
              </p>
            )}
          </div>
          {settings.isEnabled ? (
            <button type="button" className={buttonClass} onClick={pause} disabled={disable.isPending}>
              <Pause className="size-4" aria-hidden="true" />
              Pause Autonomy
            </button>
          ) : (
            <button type="button" className={primaryClass} onClick={start} disabled={enable.isPending}>
              <Play className="size-4" aria-hidden="true" />
              Start Autonomy
            </button>
          )}
        </div>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="last-run">
          {lastRun
            ? `Last check-in ${relativeTime(lastRun.at)}: ${lastRun.message} (${lastRun.tasksGenerated} task${lastRun.tasksGenerated === 1 ? '' : 's'} added)`
            : 'No check-in has run yet.'}
        </p>
      </section>

      <fieldset className={cardClass}>
        <legend className="px-1 text-lg font-semibold text-slate-900 dark:text-white">Energy level</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {ENERGY_LEVELS.map((level) => (
            <label
              key={level.productivity}
              className={`flex cursor-pointer gap-3 rounded-lg border p-4 ${
                draft.productivity === level.productivity
                  ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10'
                  : 'border-slate-200 dark:border-slate-700'
              }`}
            >
              <input
                type="radio"
                name="energy"
                value={level.productivity}
                checked={draft.productivity === level.productivity}
                onChange={() => set({ productivity: level.productivity })}
                aria-label={level.name}
              />
              <span>
                <span className="block font-medium text-slate-900 dark:text-white">
                  {level.name}
                  {level.productivity === AUTONOMY.defaultProductivity && (
                    <span className="ml-2 text-xs font-normal text-slate-500">(default)</span>
                  )}
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {level.tasksPerDay} tasks/day · up to {level.maxPerGeneration} per check-in
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className="px-1 text-lg font-semibold text-slate-900 dark:text-white">Focus areas</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {AUTONOMY.focusAreas.map((area) => (
            <label key={area} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                checked={draft.focusAreas.includes(area)}
                onChange={() => toggleArea(area)}
              />
              {FOCUS_LABELS[area]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={`${cardClass} grid gap-4 sm:grid-cols-3`}>
        <label className="text-sm text-slate-800 dark:text-slate-200">
          Minimum priority
          <select
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
            value={draft.priorityMin}
            onChange={(e) => set({ priorityMin: Number(e.target.value) })}
          >
            {PRIORITIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-800 dark:text-slate-200">
          Maximum priority
          <select
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
            value={draft.priorityMax}
            onChange={(e) => set({ priorityMax: Number(e.target.value) })}
          >
            {PRIORITIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-800 dark:text-slate-200">
          Check-in interval (hours)
          <input
            type="number"
            min={1}
            max={168}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
            value={Number.isNaN(draft.intervalHours) ? '' : draft.intervalHours}
            onChange={(e) => set({ intervalHours: e.target.valueAsNumber })}
          />
        </label>
      </div>

      {changed && problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {update.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {messageOf(update.error)}
        </p>
      )}
      {banner && (
        <p
          role="status"
          className="rounded-lg bg-emerald-100 p-3 text-sm text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300"
        >
          Autonomy settings saved
        </p>
      )}
      {changed && (
        <button
          type="button"
          className={primaryClass}
          onClick={save}
          disabled={problem !== null || update.isPending}
        >
          Save Changes
        </button>
      )}
    </div>
  );
}
