import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/investor-outreach: the screen itself comes with its own issue; until then only its name is shown. */
export function InvestorOutreachPage() {
  return <PageHeading title="Investor Outreach" />;
}
