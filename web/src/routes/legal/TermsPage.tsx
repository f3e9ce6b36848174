import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /terms: the screen itself comes with its own issue; until then only its name is shown. */
export function TermsPage() {
  return <PageHeading title="Terms of Service" />;
}
