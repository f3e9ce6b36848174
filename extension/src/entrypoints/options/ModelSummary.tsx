import { useMemo } from 'react';
import { answeringText, CONNECTION_KIND_TEXT } from '@cofounder/shared';
// The module itself, not '@cofounder/shared/ui', whose index brings the chat, dialogs and voice pieces along.
import { MODEL_SETTINGS_PATH } from '../../../../shared/src/ui/connect-model.tsx';
import { useModelSettings, type ModelSettingsState } from '../../lib/hooks/use-model-settings.ts';
import { useWorkerSession } from '../../lib/hooks/use-worker-session.ts';
import { workerApi } from '../../lib/worker-client.ts';
import { TabLink } from '../popup/TabLink.tsx';
import { MODEL_SUMMARY_TEXT } from './model-texts.ts';
import './model-summary.css';

/** The Model section as shown: the model settings' state, or signed out (nothing to ask the server for). */
export type ModelSummaryState = ModelSettingsState | { status: 'signed-out' };

/** Which model answers the founder, read through the worker's session like the popup's numbers. */
export function ModelSummary({ serverUrl }: { serverUrl: string }) {
  const session = useWorkerSession(serverUrl);
  if (session === undefined) return <ModelSummaryView serverUrl={serverUrl} state={{ status: 'loading' }} />;
  if (!session) return <ModelSummaryView serverUrl={serverUrl} state={{ status: 'signed-out' }} />;
  // Another account's settings are not this one's: start over on a change of user.
  return <SignedInModelSummary key={session.user.id} serverUrl={serverUrl} />;
}

function SignedInModelSummary({ serverUrl }: { serverUrl: string }) {
  const api = useMemo(() => workerApi(serverUrl), [serverUrl]);
  const { state, retry } = useModelSettings(api);
  return <ModelSummaryView serverUrl={serverUrl} state={state} onRetry={retry} />;
}

interface ModelSummaryViewProps {
  serverUrl: string;
  state: ModelSummaryState;
  onRetry?: () => void;
}

/** Read only: who answers now; for the founder's own connection its kind, base URL and key hint, no more. */
export function ModelSummaryView({ serverUrl, state, onRetry }: ModelSummaryViewProps) {
  return (
    <section className="stack" aria-labelledby="model-heading" data-testid="model-summary">
      <h2 id="model-heading" className="muted section-heading">
        {MODEL_SUMMARY_TEXT.heading}
      </h2>
      {state.status === 'signed-out' && <p className="muted">{MODEL_SUMMARY_TEXT.signedOut}</p>}
      {state.status === 'loading' && (
        <p role="status" className="muted">
          {MODEL_SUMMARY_TEXT.loading}
        </p>
      )}
      {state.status === 'failed' && (
        <>
          <p role="alert" className="field-error">
            {MODEL_SUMMARY_TEXT.loadFailed}
          </p>
          <button type="button" className="button" onClick={onRetry}>
            {MODEL_SUMMARY_TEXT.tryAgain}
          </button>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <p data-testid="model-answering">
            <strong>{answeringText(state.settings.answering)}</strong>
          </p>
          {state.settings.connection && (
            <dl className="model-connection" data-testid="model-connection">
              <div>
                <dt>{MODEL_SUMMARY_TEXT.connection}</dt>
                <dd>{CONNECTION_KIND_TEXT[state.settings.connection.kind]}</dd>
              </div>
              <div>
                <dt>{MODEL_SUMMARY_TEXT.baseUrl}</dt>
                <dd>{state.settings.connection.baseUrl}</dd>
              </div>
              <div>
                <dt>{MODEL_SUMMARY_TEXT.apiKey}</dt>
                <dd>{state.settings.connection.keyHint ?? MODEL_SUMMARY_TEXT.noKey}</dd>
              </div>
            </dl>
          )}
          <TabLink href={`${serverUrl}${MODEL_SETTINGS_PATH}`}>{MODEL_SUMMARY_TEXT.change}</TabLink>
        </>
      )}
    </section>
  );
}
