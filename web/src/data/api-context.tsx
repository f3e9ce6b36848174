import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '@cofounder/shared';

const ApiContext = createContext<Api | null>(null);

/** Provides the one typed API client (created in main.tsx; tests pass their own). */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside ApiProvider');
  return api;
}
