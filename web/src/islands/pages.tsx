import type { ComponentType, ReactNode } from 'react';
import type { IslandPageData, IslandPath } from '@cofounder/shared';
import type { QueryClient } from '@tanstack/react-query';
import { billingKeys } from '../data/billing/keys.ts';
import { AuthFrame } from '../features/layout/AuthLayout.tsx';
import { Header } from '../features/layout/Header.tsx';
import { PublicFrame } from '../features/layout/PublicFrame.tsx';
import type { RouteMetaKey } from '../features/meta/route-meta.ts';
import { LoginPage } from '../routes/auth/LoginPage.tsx';
import { ContactPage } from '../routes/contact/ContactPage.tsx';
import { PricingPage } from '../routes/pricing/PricingPage.tsx';

/** An island page: the SPA's own page component in the frame the SPA's layout route gives it, and its head tags. */
interface IslandPage {
  Page: ComponentType;
  Frame: ComponentType<{ children: ReactNode }>;
  meta: RouteMetaKey;
}

/** The public pages' frame (the SPA's PublicLayout): skip link, the header with the account, the footer. */
function PublicPageFrame({ children }: { children: ReactNode }) {
  return <PublicFrame header={<Header />}>{children}</PublicFrame>;
}

export const ISLAND_PAGES: Record<IslandPath, IslandPage> = {
  '/pricing': { Page: PricingPage, Frame: PublicPageFrame, meta: 'pricing' },
  '/contact': { Page: ContactPage, Frame: PublicPageFrame, meta: 'contact' },
  '/login': { Page: LoginPage, Frame: AuthFrame, meta: 'login' },
};

/** Puts the data the server rendered with where the page's queries read it, so they start fresh and call nothing. */
export function seedPageData(queryClient: QueryClient, data: IslandPageData): void {
  if (data.pricing) queryClient.setQueryData(billingKeys.pricing(), data.pricing);
}
