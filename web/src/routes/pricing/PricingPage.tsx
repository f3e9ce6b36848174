import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /pricing: the screen itself comes with its own issue; until then only its name is shown. */
export function PricingPage() {
  return <PageHeading title="Pricing" />;
}
