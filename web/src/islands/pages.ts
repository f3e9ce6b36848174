import type { ComponentType } from 'react';
import type { IslandPageData, IslandPath } from '@cofounder/shared';
import type { QueryClient } from '@tanstack/react-query';
import { billingKeys } from '../data/billing/keys.ts';
import type { RouteMetaKey } from '../features/meta/route-meta.ts';
import { ContactPage } from '../routes/contact/ContactPage.tsx';
import { PricingPage } from '../routes/pricing/PricingPage.tsx';

/** An island page: the SPA's own page component, its head tags, and where its server-rendered data goes. */
interface IslandPage {
  Page: ComponentType;
  meta: RouteMetaKey;
}

export const ISLAND_PAGES: Record<IslandPath, IslandPage> = {
  '/pricing': { Page: PricingPage, meta: 'pricing' },
  '/contact': { Page: ContactPage, meta: 'contact' },
};

/** Puts the data the server rendered with where the page's queries read it, so they start fresh and call nothing. */
export function seedPageData(queryClient: QueryClient, data: IslandPageData): void {
  if (data.pricing) queryClient.setQueryData(billingKeys.pricing(), data.pricing);
}
