import { Link } from 'react-router';
import { LEGAL } from '@cofounder/shared';
import { COMPANY, COMPANY_EMAILS } from '../../features/legal/company.ts';
import type { LegalSection } from '../../features/legal/LegalDocument.tsx';

/**
 * The 12 sections of the Privacy Policy (spec 1 §2 "Legal pages"). What it says about stored data follows what
 * the server really keeps (docs/architecture.md): change both together.
 */
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        This policy explains what personal data {COMPANY.name} keeps when you use our website, web app and
        browser extension, why, who else receives it, and the choices you have. It covers accounts of founders
        and visitors who use our contact form.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account data:</strong> your email address, first and last name and a password. We store
            only a one-way (bcrypt) hash of the password, never the password itself.
          </li>
          <li>
            <strong>Profile and onboarding answers:</strong> your role, experience, industry, goals, stage and
            startup idea, and the onboarding interview.
          </li>
          <li>
            <strong>Conversations:</strong> your chat messages with the AI co-founder and its replies.
          </li>
          <li>
            <strong>Work data:</strong> tasks and their results, drafted posts waiting for approval, activity
            history, and your AI, autonomy and posting settings.
          </li>
          <li>
            <strong>Connected social accounts:</strong> when you connect X or Reddit, the access tokens those
            platforms issue. They are stored encrypted (AES-256-GCM), are used only to publish what you
            approved, and never leave our servers.
          </li>
          <li>
            <strong>Voice:</strong> audio you record for voice input is sent to our speech provider to be
            transcribed. We hold it in a temporary file only while it is transcribed and delete it straight
            after; we do not keep recordings. The transcript goes into your message box and is stored only if
            you send it. During a voice call, audio streams directly between your browser and the AI provider
            and never passes through our servers; we keep the call&apos;s transcript (as messages in your
            chat), any tasks you asked for during the call, and the call&apos;s length.
          </li>
          <li>
            <strong>Billing data:</strong> your plan, subscription status, billing periods and invoice
            records. Card details go directly to Stripe; we never see or store them.
          </li>
          <li>
            <strong>Usage data:</strong> counts of messages, tasks and voice minutes per month, and the
            estimated AI cost of each task, so we can apply your plan&apos;s limits.
          </li>
          <li>
            <strong>Contact form:</strong> your name, email, company, subject and message, which we store and
            email to our team, with a one-way hash of your IP address to stop abuse.
          </li>
          <li>
            <strong>Browser extension:</strong> the title, address and selected text of a page, only when you
            click &quot;Use this page&quot; or &quot;Ask my co-founder&quot;.
          </li>
          <li>
            <strong>Technical data:</strong> server logs of each request&apos;s method, path, status and
            timing. Logs never contain passwords or tokens. IP addresses are used briefly, in memory, to limit
            repeated sign-in attempts and contact messages, and are never stored in readable form.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>
          To provide the Service: answer your messages, plan and run tasks, and publish what you approved.
        </li>
        <li>To keep your account secure, verify your email address and reset your password.</li>
        <li>To bill you, apply your plan&apos;s limits and show your usage.</li>
        <li>
          To answer your messages to us and send service emails (we do not send marketing without consent).
        </li>
        <li>To find and fix problems and prevent abuse.</li>
      </ul>
    ),
  },
  {
    id: 'ai-providers',
    title: 'AI Providers',
    body: (
      <>
        <p>
          To answer you and do your tasks, we send the relevant context to our AI provider, OpenAI: your
          profile, AI settings, open tasks, onboarding interview and recent conversation, plus the request
          itself. Audio for transcription and voice calls goes to OpenAI&apos;s speech models.
        </p>
        <p>
          OpenAI processes this data to return results to us and, under its API terms, does not use it to
          train its models by default. We do not sell your data or use it to train models of our own.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>We share personal data only:</p>
        <ul>
          <li>
            with service providers that run parts of the Service for us: AI (OpenAI), payments (Stripe),
            authentication and hosting, and email delivery;
          </li>
          <li>
            with X or Reddit, when a post you approved (or allowed to go out without approval) is published
            from your account;
          </li>
          <li>when the law requires it, or to protect the rights and safety of our users and the Service;</li>
          <li>with a buyer of our business, who must honour this policy.</li>
        </ul>
        <p>We do not sell or rent personal data, and we do not share it for advertising.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep account, conversation and work data while your account exists, and delete it when your account
        is deleted, except billing records we must keep for tax and accounting law. Voice recordings are not
        kept (see section 2). Disconnecting a social account deletes its tokens and asks the platform to
        revoke them. Contact-form messages are kept as long as needed to handle your request.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        Data travels over encrypted connections. Passwords are hashed, social tokens are encrypted at rest,
        access tokens expire and refresh tokens rotate, and every request is checked against its owner. No
        system is perfectly secure; if a breach affects your data, we will tell you as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy of it;</li>
          <li>correct it, or have it deleted together with your account;</li>
          <li>object to or restrict some processing, and withdraw consent you gave;</li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p>
          You can change your settings, stop all agents and disconnect social accounts in the app at any time.
          For anything else, write to{' '}
          <a href={`mailto:${COMPANY_EMAILS.privacy}`}>{COMPANY_EMAILS.privacy}</a>; we answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and Local Storage',
    body: (
      <>
        <p>
          We do not use advertising or analytics cookies. The web app keeps a few items in your browser&apos;s
          local storage so it works: your sign-in session, your theme choice, the page to return to after
          signing in, whether you finished onboarding and the product tour, and an unfinished onboarding
          draft. The browser extension keeps its own session and a few cached numbers in the extension&apos;s
          storage.
        </p>
        <p>Clearing your browser&apos;s site data removes them and signs you out.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        The Service is not intended for anyone under {LEGAL.privacyMinimumAge}, and we do not knowingly
        collect their personal data. Accounts require users to be at least {LEGAL.termsMinimumAge} (see our{' '}
        <Link to="/terms">Terms of Service</Link>). If you believe a child has given us personal data, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We will update this policy when what we do with data changes, and change the date at the top. If a
        change is material, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your data:{' '}
        <a href={`mailto:${COMPANY_EMAILS.privacy}`}>{COMPANY_EMAILS.privacy}</a> or our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];
