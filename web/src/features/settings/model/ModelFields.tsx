import { useId, useState } from 'react';
import { inputBad, inputClass, inputOk } from '../../auth/ui/styles.ts';
import type { ConnectionDraft } from './connection-draft.ts';
import { MODEL_TEXT } from './model-texts.ts';

type ModelField = 'chatModel' | 'researchModel' | 'computerModel' | 'transcriptionModel' | 'realtimeModel';

/** A field label of the connection form (ModelConnectionForm uses it too). */
export const labelClass = 'mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-100';

/**
 * The chat model (a list to pick from once a test or a local server named the models, typed otherwise) and the
 * optional separate models: research, computer use, and speech (voice calls only on OpenAI).
 */
export function ModelFields({
  draft,
  models,
  invalid,
  onChange,
}: {
  draft: ConnectionDraft;
  models: readonly string[];
  invalid: boolean;
  onChange: (field: ModelField, value: string) => void;
}) {
  const id = useId();
  // Open at first when a separate model is saved; the founder opens and closes it after that.
  const [openAtFirst] = useState(() =>
    Boolean(draft.researchModel || draft.computerModel || draft.transcriptionModel || draft.realtimeModel),
  );
  const openAi = draft.choice === 'openai';
  const optional: { field: Exclude<ModelField, 'chatModel'>; placeholder: string }[] = [
    { field: 'researchModel', placeholder: MODEL_TEXT.sameAsChat },
    { field: 'computerModel', placeholder: MODEL_TEXT.sameAsChat },
    { field: 'transcriptionModel', placeholder: openAi ? MODEL_TEXT.openAiSpeech : MODEL_TEXT.noSpeech },
    ...(openAi ? [{ field: 'realtimeModel' as const, placeholder: MODEL_TEXT.openAiSpeech }] : []),
  ];
  const chatClass = `${inputClass} ${invalid ? inputBad : inputOk}`;
  // The chosen model stays listed even when the server does not name it, so the list never shows another one.
  const options =
    draft.chatModel && !models.includes(draft.chatModel) ? [draft.chatModel, ...models] : models;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-chat`} className={labelClass}>
          {MODEL_TEXT.chatModel}
        </label>
        {models.length > 0 ? (
          <select
            id={`${id}-chat`}
            value={draft.chatModel}
            onChange={(e) => onChange('chatModel', e.target.value)}
            aria-invalid={invalid || undefined}
            className={chatClass}
          >
            <option value="">{MODEL_TEXT.chooseModel}</option>
            {options.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${id}-chat`}
            type="text"
            value={draft.chatModel}
            onChange={(e) => onChange('chatModel', e.target.value)}
            placeholder={MODEL_TEXT.chatModelPlaceholder}
            aria-invalid={invalid || undefined}
            autoComplete="off"
            className={chatClass}
          />
        )}
      </div>
      <details open={openAtFirst || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-200">
          {MODEL_TEXT.separateModels}
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {optional.map(({ field, placeholder }) => (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className={labelClass}>
                {MODEL_TEXT[field]}
              </label>
              <input
                id={`${id}-${field}`}
                type="text"
                value={draft[field]}
                onChange={(e) => onChange(field, e.target.value)}
                placeholder={placeholder}
                autoComplete="off"
                className={`${inputClass} ${inputOk}`}
              />
            </div>
          ))}
        </div>
      </details>
    </div>
  );
}
