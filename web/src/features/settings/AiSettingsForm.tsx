import { useEffect, useId, useState } from 'react';
import { ApiError, DEFAULT_INTERN_SETTINGS, InternSettings, WORK } from '@cofounder/shared';
import { RotateCcw, Save } from 'lucide-react';
import { FormBanner } from '../auth/ui/FormBanner.tsx';
import { inputBad, inputClass, inputOk } from '../auth/ui/styles.ts';
import { useSaveInternSettings } from '../../data/intern-settings/use-save-intern-settings.ts';
import { OptionCards } from './OptionCards.tsx';
import { COMMUNICATION_STYLES, FORMALITY_LEVELS, PRIORITY_FOCUSES, RESPONSE_LENGTHS } from './options.ts';

/** The schema's limit, so the counter and the server never disagree (spec 2 §5: 30). */
export const INTERN_NAME_MAX = InternSettings.shape.internName.unwrap().maxLength ?? 30;

const SAVED = 'Settings saved successfully!';
const FAILED = 'Failed to save settings';

const sameSettings = (a: InternSettings, b: InternSettings) =>
  (Object.keys(a) as (keyof InternSettings)[]).every((key) => a[key] === b[key]);

interface Banner {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The AI Settings tab's form. `saved` is what the server holds (or the defaults when it holds nothing); the draft
 * starts from it, and Save Changes shows only while the draft differs from it.
 */
export function AiSettingsForm({ userId, saved }: { userId: string; saved: InternSettings }) {
  const [draft, setDraft] = useState<InternSettings>(saved);
  const [baseline, setBaseline] = useState<InternSettings>(saved);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveInternSettings(userId);
  const nameId = useId();

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), WORK.saveBannerMs);
    return () => clearTimeout(timer);
  }, [banner]);

  const dirty = !sameSettings(draft, baseline);
  const set = <K extends keyof InternSettings>(key: K, value: InternSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const onSave = () => {
    const parsed = InternSettings.safeParse(draft);
    if (!parsed.success) {
      setNameError('Intern name is required');
      setBanner({ tone: 'error', text: FAILED });
      return;
    }
    setNameError(null);
    save.mutate(parsed.data, {
      onSuccess: ({ settings }) => {
        setBaseline(settings);
        setDraft(settings);
        setBanner({ tone: 'success', text: SAVED });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setNameError(error.message);
        setBanner({ tone: 'error', text: FAILED });
      },
    });
  };

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {banner && <FormBanner tone={banner.tone}>{banner.text}</FormBanner>}

      <div>
        <div className="mb-1 flex items-baseline justify-between">
          <label htmlFor={nameId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            Intern name
          </label>
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400" aria-live="polite">
            {draft.internName.length}/{INTERN_NAME_MAX}
          </span>
        </div>
        <input
          id={nameId}
          type="text"
          value={draft.internName}
          maxLength={INTERN_NAME_MAX}
          onChange={(event) => {
            set('internName', event.target.value);
            setNameError(null);
          }}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          className={`${inputClass} ${nameError ? inputBad : inputOk}`}
        />
        {nameError && (
          <p id={`${nameId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {nameError}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          What your co-founder is called in the chat.
        </p>
      </div>

      <OptionCards
        legend="Communication style"
        name="communicationStyle"
        options={COMMUNICATION_STYLES}
        value={draft.communicationStyle}
        onChange={(value) => set('communicationStyle', value)}
      />
      <OptionCards
        legend="Formality level"
        name="formalityLevel"
        options={FORMALITY_LEVELS}
        value={draft.formalityLevel}
        onChange={(value) => set('formalityLevel', value)}
      />
      <OptionCards
        legend="Response length"
        name="responseLength"
        options={RESPONSE_LENGTHS}
        value={draft.responseLength}
        onChange={(value) => set('responseLength', value)}
      />
      <OptionCards
        legend="Priority focus"
        name="priorityFocus"
        options={PRIORITY_FOCUSES}
        value={draft.priorityFocus}
        onChange={(value) => set('priorityFocus', value)}
      />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <button
          type="button"
          onClick={() => {
            setDraft(DEFAULT_INTERN_SETTINGS);
            setNameError(null);
          }}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset to Defaults
        </button>
        {dirty && (
          <button
            type="submit"
            disabled={save.isPending}
            className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:opacity-60"
          >
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        )}
      </div>
    </form>
  );
}
