import type { IslandPath } from '@cofounder/shared';
import { PageProviders, type AppServices } from '../app/AppProviders.tsx';
import { NavigationProvider, plainNavigation } from '../features/layout/navigation.tsx';
import { ISLAND_PAGES } from './pages.tsx';

/**
 * An island page (ISLAND_PATHS) on its own: the SPA's page component in its frame, with the app's providers but no
 * router — links are plain <a>, navigating is a full page load, and `navState` is what the page before handed over.
 */
export function IslandApp({ path, services, navState }: { path: IslandPath; services: AppServices; navState?: unknown }) {
  const { Page, Frame } = ISLAND_PAGES[path];
  return (
    <PageProviders services={services}>
      <NavigationProvider value={plainNavigation(path, navState)}>
        <Frame>
          <Page />
        </Frame>
      </NavigationProvider>
    </PageProviders>
  );
}
