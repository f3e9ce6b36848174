/**
 * Who the public pages name and how to reach them, once. The addresses are the product's mailboxes on its own
 * domain; change the domain here and every page follows.
 */
export const COMPANY = {
  name: 'Cofounder',
  domain: 'cofounder.app',
} as const;

export const COMPANY_EMAILS = {
  careers: `careers@${COMPANY.domain}`,
  legal: `legal@${COMPANY.domain}`,
  privacy: `privacy@${COMPANY.domain}`,
} as const;
