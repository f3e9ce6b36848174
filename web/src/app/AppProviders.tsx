import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Api } from '@cofounder/shared';
import { AppToasts } from '@cofounder/shared/ui';
import { ApiProvider } from '../data/api-context.tsx';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import type { AuthClient } from '../features/auth/auth-client.ts';
import { ThemeProvider } from '../features/theme/ThemeProvider.tsx';

export interface AppServices {
  queryClient: QueryClient;
  api: Api;
  auth: AuthClient;
  /** No session can exist at start (none stored): the first render is the signed-out page, not a loading screen. */
  signedOutAtStart?: boolean;
}

/** Every app-wide provider, in one place so tests wrap screens exactly as the app does. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <PageProviders services={services}>
      {children}
      <AppToasts />
    </PageProviders>
  );
}

/**
 * The providers without the toasts' container: an island page (src/islands) shows no toast, and leaves
 * react-toastify out of its download.
 */
export function PageProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <ApiProvider api={services.api}>
        <ThemeProvider>
          <AuthProvider client={services.auth} signedOutAtStart={services.signedOutAtStart}>
            {children}
          </AuthProvider>
        </ThemeProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
