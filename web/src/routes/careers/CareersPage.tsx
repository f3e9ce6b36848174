import { Mail } from 'lucide-react';
import { COMPANY, COMPANY_EMAILS } from '../../features/legal/company.ts';

interface Role {
  id: string;
  title: string;
  summary: string;
  doing: string[];
  lookingFor: string[];
}

const ROLES: Role[] = [
  {
    id: 'software-engineer',
    title: 'Software Engineer',
    summary:
      'Build the AI co-founder itself: the chat and voice experience, the agents that run tasks, and the integrations that let them publish, reach investors and operate machines safely.',
    doing: [
      'Ship features across our TypeScript stack: React on the web, Koa and PostgreSQL on the server, and the browser extension.',
      'Design agents and task pipelines that are reliable, observable and easy to stop.',
      'Integrate platforms such as X, Reddit, Stripe and OpenAI, with security and privacy built in.',
      'Talk to founders who use the product and turn what you learn into improvements.',
    ],
    lookingFor: [
      'Experience shipping production web applications end to end.',
      'Strong TypeScript, and care for tests, accessibility and clear code.',
      'Curiosity about AI models and their limits.',
      'Ownership: you like taking a problem from a question to a result.',
    ],
  },
  {
    id: 'growth',
    title: 'Growth',
    summary:
      'Help founders discover what an AI co-founder can do for them, and grow the community of startups building with it.',
    doing: [
      'Own our acquisition channels: content, communities, partnerships and launches.',
      'Run experiments on the landing page, pricing and onboarding, and measure what works.',
      'Turn customer stories into case studies, posts and talks.',
      'Work with engineering on the features that make founders stay.',
    ],
    lookingFor: [
      'A track record of growing a product, ideally for startups, developers or founders.',
      'Clear writing and a sense for what resonates on X, Reddit and LinkedIn.',
      'Comfort with numbers: funnels, cohorts and experiments.',
      'Startup experience, or having founded something yourself.',
    ],
  },
];

const applyHref = (role: Role) =>
  `mailto:${COMPANY_EMAILS.careers}?subject=${encodeURIComponent(`Application: ${role.title}`)}`;

/** /careers (spec 1 §2 "Careers page"): the open roles; applying is by email. */
export function CareersPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Careers
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          {COMPANY.name} gives every founder an AI co-founder that codes, markets, finds investors and helps
          scale their startup. We are a small team and we are hiring.
        </p>
      </header>
      <ul className="mt-10 space-y-8" aria-label="Open roles">
        {ROLES.map((role) => (
          <li key={role.id}>
            <article
              aria-labelledby={`${role.id}-title`}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950"
            >
              <h2 id={`${role.id}-title`} className="text-2xl font-semibold text-slate-900 dark:text-white">
                {role.title}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{role.summary}</p>
              <div className="mt-5 grid gap-6 md:grid-cols-2">
                <RoleList title="What you'll do" items={role.doing} />
                <RoleList title="What we look for" items={role.lookingFor} />
              </div>
              <a
                href={applyHref(role)}
                className="mt-6 inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950"
              >
                <Mail className="size-4" aria-hidden="true" />
                Apply for {role.title} by email
              </a>
            </article>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="apply-heading"
        className="mt-10 rounded-xl bg-slate-100 p-6 text-slate-700 dark:bg-slate-900 dark:text-slate-300"
      >
        <h2 id="apply-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          How to apply
        </h2>
        <p className="mt-2">
          Email{' '}
          <a
            href={`mailto:${COMPANY_EMAILS.careers}`}
            className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
          >
            {COMPANY_EMAILS.careers}
          </a>{' '}
          with the role in the subject, a few lines about yourself and links to work you are proud of (a CV,
          GitHub, a portfolio or things you have grown). We reply to every application.
        </p>
      </section>
    </div>
  );
}

function RoleList({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
        {title}
      </h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-700 marker:text-indigo-500 dark:text-slate-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
