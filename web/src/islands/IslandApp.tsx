import type { IslandPath } from '@cofounder/shared';
import { PageProviders, type AppServices } from '../app/AppProviders.tsx';
import { Header } from '../features/layout/Header.tsx';
import { NavigationProvider, plainNavigation } from '../features/layout/navigation.tsx';
import { PublicFrame } from '../features/layout/PublicFrame.tsx';
import { ISLAND_PAGES } from './pages.ts';

/**
 * An island page (ISLAND_PATHS) on its own: the public frame around the SPA's page component, with the app's
 * providers but no router — links are plain <a> and navigating is a full page load.
 */
export function IslandApp({ path, services }: { path: IslandPath; services: AppServices }) {
  const { Page } = ISLAND_PAGES[path];
  return (
    <PageProviders services={services}>
      <NavigationProvider value={plainNavigation(path)}>
        <PublicFrame header={<Header />}>
          <Page />
        </PublicFrame>
      </NavigationProvider>
    </PageProviders>
  );
}
