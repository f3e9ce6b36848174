import { useCallback, useEffect, useState } from 'react';
import type { Api, ModelSettingsResponse } from '@cofounder/shared';

/** The founder's model settings (GET /api/model-settings): still asked, unreadable, or who answers now. */
export type ModelSettingsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; settings: ModelSettingsResponse };

/**
 * Reads the founder's model settings, and again whenever the page gets focus: the founder changes them in the
 * dashboard's tab (Settings → Model), then comes back here. A failed re-read keeps what is shown.
 */
export function useModelSettings(api: Pick<Api, 'modelSettings'>) {
  const [state, setState] = useState<ModelSettingsState>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.modelSettings().then(
      (settings) => live && setState({ status: 'ready', settings }),
      () => live && setState((shown) => (shown.status === 'ready' ? shown : { status: 'failed' })),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    refresh();
  }, [refresh]);
  return { state, retry };
}
