import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /contact: the screen itself comes with its own issue; until then only its name is shown. */
export function ContactPage() {
  return <PageHeading title="Contact Us" />;
}
