/** Header links of spec 1 §2 "Header and footer (public)"; the anchors live on the landing page. */
export const HEADER_LINKS = [
  { label: 'Features', to: '/#features' },
  { label: 'How It Works', to: '/#how-it-works' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Careers', to: '/careers' },
  { label: 'Contact', to: '/contact' },
] as const;

export interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/** Footer columns; no real profile URLs are known, so the social links open the networks' home pages. */
export const FOOTER_COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/#features' },
      { label: 'Careers', to: '/careers' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
  {
    title: 'Connect',
    links: [
      { label: 'Contact', to: '/contact' },
      { label: 'X', to: 'https://x.com', external: true },
      { label: 'LinkedIn', to: 'https://www.linkedin.com', external: true },
      { label: 'Discord', to: 'https://discord.com', external: true },
    ],
  },
];
