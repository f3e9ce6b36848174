import { lazy, Suspense, useState } from 'react';
import { useLocalModelServers } from '../../data/model-settings/use-local-model-servers.ts';
import { useModelSettings } from '../../data/model-settings/use-model-settings.ts';

// The offer's markup and its connect call load only when there is something to offer: most founders never see it,
// and the chat route's JavaScript stays within its budget.
const LocalModelOffer = lazy(() => import('./LocalModelOffer.tsx'));

/**
 * Under the chat header while the offline co-founder answers by the server's default and a model server with a
 * model runs on this machine: the offer to connect it in one click. Gone once connected, or on "Not now" for this
 * page view; nothing switches without the click.
 */
export function LocalModelOfferSlot() {
  const answering = useModelSettings().data?.answering;
  const offline = answering?.mode === 'local' && answering.source === 'server';
  const found = useLocalModelServers({ enabled: offline });
  const [dismissed, setDismissed] = useState(false);
  const server = found.data?.servers.find((s) => s.models.length > 0);
  if (!offline || !server || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <LocalModelOffer server={server} model={server.models[0]!} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
