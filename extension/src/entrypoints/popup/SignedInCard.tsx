import type { ReactNode } from 'react';
import { GlanceView, type GlanceViewProps } from './GlanceView.tsx';
import { SidePanelButton } from './SidePanelButton.tsx';
import { TabLink } from './TabLink.tsx';

/** The signed-in card, the same whether its numbers come from the cache or from the server. */
export function SignedInCard({
  email,
  children,
  ...glance
}: GlanceViewProps & { email: string; children?: ReactNode }) {
  return (
    <div className="stack">
      <p className="signed-in">
        Signed in as <strong>{email}</strong>
      </p>
      <GlanceView {...glance} />
      <div className="actions">
        <SidePanelButton />
        <TabLink href={`${glance.serverUrl}/dashboard`} className="button primary">
          Open dashboard
        </TabLink>
        {children}
      </div>
    </div>
  );
}
