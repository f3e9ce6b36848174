import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /oauth-debug: the screen itself comes with its own issue; until then only its name is shown. */
export function OAuthDebugPage() {
  return <PageHeading title="OAuth Debug" />;
}
