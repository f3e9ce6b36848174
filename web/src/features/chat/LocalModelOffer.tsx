import { Cpu } from 'lucide-react';
import type { LocalModelServer } from '@cofounder/shared';
import { labelUseModel, localOfferText, MODEL_TEXT } from '../settings/model/model-texts.ts';
import { useConnectLocalModel } from '../settings/model/use-connect-local-model.ts';
import { buttonClass, primaryClass } from '../work/labels.ts';

/** The offer itself (LocalModelOfferSlot decides when): the server and model, Use and Not now. */
export default function LocalModelOffer({
  server,
  model,
  onDismiss,
}: {
  server: LocalModelServer;
  model: string;
  onDismiss: () => void;
}) {
  const { connect, pending, error } = useConnectLocalModel();
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
        <button type="button" onClick={onDismiss} className={buttonClass}>
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
