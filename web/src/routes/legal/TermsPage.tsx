import { COMPANY } from '../../features/legal/company.ts';
import { LegalDocument } from '../../features/legal/LegalDocument.tsx';
import { TERMS_SECTIONS } from './terms-sections.tsx';

/** /terms (spec 1 §2 "Legal pages"): 18 numbered sections. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      sections={TERMS_SECTIONS}
      intro={
        <p>
          These Terms of Service are an agreement between you and {COMPANY.name}. They apply whenever you use
          our website, web app or browser extension. By creating an account or using the Service you accept
          them.
        </p>
      }
    />
  );
}
