import { useState } from 'react';
import { Cpu } from 'lucide-react';
import { useLocalModelServers } from '../../data/model-settings/use-local-model-servers.ts';
import { useModelSettings } from '../../data/model-settings/use-model-settings.ts';
import { labelUseModel, localOfferText, MODEL_TEXT } from '../settings/model/model-texts.ts';
import { useConnectLocalModel } from '../settings/model/use-connect-local-model.ts';
import { buttonClass, primaryClass } from '../work/labels.ts';

/**
 * Under the chat header while the offline co-founder answers by the server's default: a model server found on
 * this machine, offered in one click. It goes once that click is saved (a real model answers) or on "Not now"
 * for this page view; nothing switches without the click.
 */
export function LocalModelOffer() {
  const answering = useModelSettings().data?.answering;
  const offline = answering?.mode === 'local' && answering.source === 'server';
  const found = useLocalModelServers({ enabled: offline });
  const { connect, pending, error } = useConnectLocalModel();
  const [dismissed, setDismissed] = useState(false);
  const server = found.data?.servers.find((s) => s.models.length > 0);
  const model = server?.models[0];
  if (!offline || !server || !model || dismissed) return null;
  return (
    <section
      aria-label={MODEL_TEXT.offerLabel}
      className="flex flex-wrap items-center gap-3 border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
    >
      <Cpu className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{localOfferText(server.name, model)}</p>
      <div className="flex shrink-0 items-center gap-2">
        <button
          type="button"
          onClick={() => connect(server, model)}
          disabled={pending}
          className={primaryClass}
        >
          {pending ? MODEL_TEXT.connecting : labelUseModel(model)}
        </button>
        <button type="button" onClick={() => setDismissed(true)} className={buttonClass}>
          {MODEL_TEXT.notNow}
        </button>
      </div>
      {error && (
        <p role="alert" className="basis-full text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
