import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  ApiError,
  ModelConnectionInput,
  ModelConnectionTest,
  type ModelSettingsResponse,
} from '@cofounder/shared';
import { useLocalModelServers } from '../../../data/model-settings/use-local-model-servers.ts';
import { useResetModelSettings } from '../../../data/model-settings/use-reset-model-settings.ts';
import { useSaveModelSettings } from '../../../data/model-settings/use-save-model-settings.ts';
import { useTestModelConnection } from '../../../data/model-settings/use-test-model-connection.ts';
import { inputBad, inputClass, inputOk } from '../../auth/ui/styles.ts';
import { buttonClass, primaryClass } from '../../work/labels.ts';
import { ConnectionChoices, type ChoiceOption } from './ConnectionChoices.tsx';
import {
  draftFrom,
  localChoices,
  problemWith,
  sameServer,
  saveBody,
  testBody,
  withChoice,
  withLocalServer,
  type ConnectionDraft,
  type FieldProblem,
} from './connection-draft.ts';
import {
  MODEL_TEXT,
  nowAnswersWith,
  requestErrorText,
  savedKeyPlaceholder,
  serverDefaultHint,
} from './model-texts.ts';
import { labelClass, ModelFields } from './ModelFields.tsx';
import { TestConnectionResult } from './TestConnectionResult.tsx';

/**
 * Settings → Model's form: the server's default or the founder's own connection (OpenAI, an OpenAI-compatible
 * server, a model server on this machine), Test connection, Save and Use server default. Starts from the saved
 * connection and goes back to it whenever that changes.
 */
export function ModelConnectionForm({ settings }: { settings: ModelSettingsResponse }) {
  const { connection, serverDefault } = settings;
  const locals = localChoices(useLocalModelServers().data?.servers ?? [], connection);
  const [draft, setDraft] = useState(() => draftFrom(connection));
  const [shown, setShown] = useState(connection);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const save = useSaveModelSettings();
  const reset = useResetModelSettings();
  const test = useTestModelConnection();
  const id = useId();

  // A newly saved connection (this Save, a local server's one click, Use server default) is what the form shows.
  if (connection !== shown) {
    setShown(connection);
    setDraft(draftFrom(connection));
    setProblem(null);
  }

  const edit = (next: ConnectionDraft) => {
    setDraft(next);
    setProblem(null);
  };
  const set = (field: keyof ConnectionDraft, value: string) => edit({ ...draft, [field]: value });
  const fail = (error: Error) =>
    setProblem({
      field: error instanceof ApiError ? (error.field ?? null) : null,
      message: requestErrorText(error),
    });

  const kind = draft.choice === 'server' ? null : draft.choice;
  const tried = kind ? testBody(draft, kind) : null;
  // A test speaks for the server it tried; typing another URL or key sets it aside.
  const testApplies = tried !== null && sameServer(test.variables, tried) && !test.isPending;
  const tested = testApplies ? test.data : undefined;
  const localModels = locals.find((s) => kind === 'local' && s.baseUrl === draft.localBaseUrl)?.models ?? [];
  const models = tested?.models.length ? tested.models : localModels;
  const keyHint =
    connection?.keyHint &&
    connection.kind === kind &&
    (kind === 'openai' || connection.baseUrl === draft.baseUrl.trim())
      ? connection.keyHint
      : null;
  const busy = save.isPending || reset.isPending;
  const fieldClass = (field: string) => `${inputClass} ${problem?.field === field ? inputBad : inputOk}`;

  const options: ChoiceOption[] = [
    { value: 'server', hint: serverDefaultHint(serverDefault) },
    { value: 'openai', hint: MODEL_TEXT.hints.openai },
    { value: 'compatible', hint: MODEL_TEXT.hints.compatible },
    ...(locals.length > 0 ? [{ value: 'local' as const, hint: MODEL_TEXT.hints.local }] : []),
  ];

  const runTest = () => {
    if (!tried) return;
    const bad = problemWith(ModelConnectionTest, tried);
    if (bad) return setProblem(bad);
    setProblem(null);
    test.mutate(tried);
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    const body = saveBody(draft, kind);
    // The server's fields first, as the form lists them: the schema checks the URL only once every field parses.
    const bad = problemWith(ModelConnectionTest, tried) ?? problemWith(ModelConnectionInput, body);
    if (bad) return setProblem(bad);
    save.mutate(body, {
      onSuccess: (saved) => toast.success(nowAnswersWith(saved.connection?.chatModel ?? body.chatModel)),
      onError: fail,
    });
  };
  const onReset = () =>
    reset.mutate(undefined, { onSuccess: () => toast.success(MODEL_TEXT.backToDefault), onError: fail });

  return (
    <form aria-label="Model connection" noValidate onSubmit={onSave} className="mt-6 space-y-5">
      <ConnectionChoices
        options={options}
        value={draft.choice}
        onChange={(choice) => edit(withChoice(draft, choice, locals))}
      />
      {kind === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {connection ? MODEL_TEXT.serverDefaultSwitch : MODEL_TEXT.serverDefaultNow}
        </p>
      ) : (
        <>
          {kind === 'local' && (
            <div>
              <label htmlFor={`${id}-local`} className={labelClass}>
                {MODEL_TEXT.localServer}
              </label>
              <select
                id={`${id}-local`}
                value={draft.localBaseUrl}
                onChange={(e) => edit(withLocalServer(draft, e.target.value, locals))}
                className={fieldClass('baseUrl')}
              >
                {locals.map((server) => (
                  <option key={server.baseUrl} value={server.baseUrl}>
                    {`${server.name} — ${server.baseUrl}`}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'compatible' && (
            <div>
              <label htmlFor={`${id}-url`} className={labelClass}>
                {MODEL_TEXT.baseUrl}
              </label>
              <input
                id={`${id}-url`}
                type="url"
                value={draft.baseUrl}
                onChange={(e) => set('baseUrl', e.target.value)}
                placeholder={MODEL_TEXT.baseUrlPlaceholder}
                aria-invalid={problem?.field === 'baseUrl' || undefined}
                autoComplete="off"
                className={fieldClass('baseUrl')}
              />
            </div>
          )}
          {kind !== 'local' && (
            <div>
              <label htmlFor={`${id}-key`} className={labelClass}>
                {kind === 'openai' ? MODEL_TEXT.apiKey : MODEL_TEXT.apiKeyOptional}
              </label>
              <input
                id={`${id}-key`}
                type="password"
                value={draft.apiKey}
                onChange={(e) => set('apiKey', e.target.value)}
                placeholder={
                  keyHint
                    ? savedKeyPlaceholder(keyHint)
                    : kind === 'openai'
                      ? MODEL_TEXT.openAiKeyPlaceholder
                      : MODEL_TEXT.optionalKeyPlaceholder
                }
                aria-invalid={problem?.field === 'apiKey' || undefined}
                // "new-password": a browser never fills in the founder's sign-in password here.
                autoComplete="new-password"
                className={fieldClass('apiKey')}
              />
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" onClick={runTest} disabled={test.isPending} className={buttonClass}>
              {test.isPending ? MODEL_TEXT.testing : MODEL_TEXT.test}
            </button>
            <TestConnectionResult result={tested} error={testApplies ? test.error : null} />
          </div>
          <ModelFields
            draft={draft}
            models={models}
            invalid={problem?.field === 'chatModel'}
            onChange={set}
          />
        </>
      )}
      {problem && (
        <p role="alert" data-testid="model-form-error" className="text-sm text-red-700 dark:text-red-300">
          {problem.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {kind !== null && (
          <button type="submit" disabled={busy} className={primaryClass}>
            {save.isPending ? MODEL_TEXT.saving : MODEL_TEXT.save}
          </button>
        )}
        {connection && (
          <button type="button" onClick={onReset} disabled={busy} className={buttonClass}>
            {reset.isPending ? MODEL_TEXT.switchingBack : MODEL_TEXT.useDefault}
          </button>
        )}
      </div>
    </form>
  );
}
