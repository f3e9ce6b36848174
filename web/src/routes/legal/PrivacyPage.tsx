import { LegalDocument } from '../../features/legal/LegalDocument.tsx';
import { PRIVACY_SECTIONS } from './privacy-sections.tsx';

/** /privacy (spec 1 §2 "Legal pages"): 12 sections behind a table of contents. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      sections={PRIVACY_SECTIONS}
      toc
      intro={
        <p>
          Your startup is your business. We keep only what the Service needs to work for you, and we tell you
          here exactly what that is.
        </p>
      }
    />
  );
}
