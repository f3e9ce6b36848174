import { Link } from 'react-router';
import { FREE_TRIAL_DAYS, LEGAL, PLANS, PLAN_IDS } from '@cofounder/shared';
import { COMPANY, COMPANY_EMAILS } from '../../features/legal/company.ts';
import type { LegalSection } from '../../features/legal/LegalDocument.tsx';

const paidPlans = PLAN_IDS.filter((id) => id !== 'free_trial').map((id) => PLANS[id]);

/** The 18 sections of the Terms of Service (spec 1 §2 "Legal pages"), written for this product. */
export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'service',
    title: 'The Service',
    body: (
      <>
        <p>
          {COMPANY.name} (the &quot;Service&quot;) is an AI co-founder for startup founders. Depending on your
          plan and the settings you choose, it can:
        </p>
        <ul>
          <li>chat with you about your startup and hold realtime voice calls;</li>
          <li>interview you during onboarding and turn your answers into a task plan;</li>
          <li>
            run tasks on your behalf in marketing, research, development, sales and investor outreach, on
            request or on an autonomous schedule you control;
          </li>
          <li>draft and publish posts to X and Reddit from accounts you connect, with your approval;</li>
          <li>send SMS messages and run investor outreach (Builder and Scale plans);</li>
          <li>operate AI-controlled virtual machines to carry out tasks.</li>
        </ul>
        <p>
          You can pause every agent at any time with &quot;Stop all agents&quot;. Features may change as the
          Service develops (see section 16).
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and Eligibility',
    body: (
      <>
        <p>
          You must be at least {LEGAL.termsMinimumAge} years old and able to form a binding contract to use
          the Service. If you use it for a company, you confirm that you may bind that company to these Terms,
          and &quot;you&quot; includes the company.
        </p>
        <p>
          Give accurate information when you sign up and keep it current. Keep your password secret and tell
          us at once if you believe someone else has used your account. You are responsible for everything
          done through your account, including by the agents you configure.
        </p>
      </>
    ),
  },
  {
    id: 'free-trial',
    title: 'Free Trial',
    body: (
      <p>
        New accounts start with a {FREE_TRIAL_DAYS}-day free trial that costs $0 and needs no credit card. The
        trial includes the usage limits shown on the <Link to="/pricing">pricing page</Link>. When it ends,
        sending chat messages and generating tasks stop until you choose a paid plan; your data stays in your
        account. We may limit trials to one per person or company.
      </p>
    ),
  },
  {
    id: 'plans-billing',
    title: 'Plans, Billing and Cancellation',
    body: (
      <>
        <p>
          Paid plans ({paidPlans.map((p) => `${p.name} at $${p.monthlyPrice} per month`).join(', ')}) are
          billed in advance, month-to-month or yearly, through our payment processor, Stripe. Prices exclude
          taxes unless stated otherwise. Each plan has monthly limits on messages, tasks and voice minutes,
          shown on the <Link to="/pricing">pricing page</Link>.
        </p>
        <ul>
          <li>
            <strong>Upgrades</strong> and billing-interval changes take effect immediately; the price
            difference for the rest of the period is prorated.
          </li>
          <li>
            <strong>Downgrades</strong> take effect at the end of the current billing period; you keep the
            higher plan until then.
          </li>
          <li>
            <strong>Cancellation</strong> takes effect at the end of the current billing period, and you can
            reactivate before then. There is no long-term contract.
          </li>
          <li>
            <strong>Refunds.</strong> Payments are non-refundable and we do not refund partial billing
            periods, unless the law that applies to you requires it.
          </li>
          <li>If a payment fails we may retry it, and we may suspend paid features until it succeeds.</li>
        </ul>
        <p>We will give you notice before a price change applies to your subscription.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <>
        <p>You must not use the Service, or direct its agents, to:</p>
        <ul>
          <li>break the law or anyone&apos;s rights, including intellectual property and privacy rights;</li>
          <li>
            send spam or unsolicited bulk messages, or contact people by SMS or email without a lawful basis;
          </li>
          <li>
            post content that is deceptive, defamatory, harassing, hateful, sexually explicit or violent;
          </li>
          <li>manipulate platforms, for example with fake engagement, vote manipulation or ban evasion;</li>
          <li>impersonate anyone or misrepresent your affiliation with anyone;</li>
          <li>
            attack, probe or overload the Service or any other system, or use the virtual machines for crypto
            mining, malware or unauthorised access;
          </li>
          <li>resell the Service, or extract its models, prompts or data at scale.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content-on-your-behalf',
    title: 'Content Posted on Your Behalf',
    body: (
      <>
        <p>
          When you connect an X or Reddit account, the Service drafts posts and publishes them as you. With
          &quot;Approve before posting&quot; on (the default), nothing is published until you approve it; if
          you turn it off, you authorise the Service to publish drafts without asking each time.
        </p>
        <p>
          Content published, sent or submitted from your accounts is your content: you are responsible for it
          and for following each platform&apos;s rules, as if you had written it yourself. Review drafts
          before approving them. You can disconnect an account at any time.
        </p>
      </>
    ),
  },
  {
    id: 'third-party',
    title: 'Third-Party Services',
    body: (
      <p>
        The Service works with services we do not control, including X, Reddit, Stripe (payments) and OpenAI
        (AI models and speech). Your use of them is also governed by their own terms and policies. We are not
        responsible for their availability, for changes they make, or for actions they take on your accounts,
        such as rate limits, removed posts or suspensions.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          <strong>Yours.</strong> You keep 100% ownership of the content you provide and of the output the
          Service generates for you (plans, research, code, posts and other work product). To the extent we
          have any rights in that output, we assign them to you. You grant us only the limited licence needed
          to operate the Service for you.
        </p>
        <p>
          <strong>Ours.</strong> The Service itself, its software, design and brand remain ours. Feedback you
          send us may be used without obligation to you.
        </p>
      </>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    body: (
      <p>
        We treat your startup ideas, conversations, tasks and business information as confidential. We use
        them only to provide the Service to you, share them only with the service providers that help us do so
        (under confidentiality obligations) or where the law requires, and we do not use them to build
        products for other customers.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains what personal data we keep, how we use it and
        the choices you have. It forms part of these Terms.
      </p>
    ),
  },
  {
    id: 'ai-output',
    title: 'AI Output',
    body: (
      <p>
        The Service is powered by AI models. Their output can be inaccurate, incomplete, out of date or
        similar to output given to others, and it is not legal, financial, tax or investment advice. Check
        important output before relying on it, especially before publishing, contacting investors or making
        commitments. You decide what to do with the output, and you are responsible for those decisions.
      </p>
    ),
  },
  {
    id: 'warranties',
    title: 'Disclaimer of Warranties',
    body: (
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;. To the fullest extent
        permitted by law, we disclaim all warranties, express or implied, including merchantability, fitness
        for a particular purpose and non-infringement, and we do not promise that the Service will be
        uninterrupted, error-free, or that it will achieve any particular business result.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          To the fullest extent permitted by law, we are not liable for indirect, incidental, special,
          consequential or punitive damages, or for lost profits, revenue, data or goodwill.
        </p>
        <p>
          Our total liability for all claims relating to the Service is limited to the amount you paid us for
          the Service in the {LEGAL.liabilityCapMonths} months before the event that gave rise to the claim.
          Nothing in these Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnification',
    body: (
      <p>
        You will defend and indemnify us against claims, losses and costs (including reasonable legal fees)
        arising from your content, content published or sent from your accounts through the Service, your
        breach of these Terms or your violation of law or of anyone&apos;s rights.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and Termination',
    body: (
      <p>
        You may stop using the Service and cancel your subscription at any time. We may suspend or end your
        access if you seriously or repeatedly breach these Terms, if required by law, or to protect the
        Service or others; where reasonable we will tell you first. On termination your right to use the
        Service ends; sections that by their nature should survive (including 8, 11 to 14 and 17) survive.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to the Service and These Terms',
    body: (
      <p>
        We may update the Service and these Terms. When a change to the Terms is material we will notify you
        by email or in the app before it takes effect. Continuing to use the Service after that means you
        accept the new Terms; if you do not, cancel your subscription.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law and Disputes',
    body: (
      <p>
        These Terms are governed by the laws of the State of Delaware, United States, without regard to its
        conflict-of-law rules, and disputes are heard by the courts located there, unless the law of the
        country where you live as a consumer gives you the right to bring claims in your local courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about these Terms? Write to{' '}
        <a href={`mailto:${COMPANY_EMAILS.legal}`}>{COMPANY_EMAILS.legal}</a> or use our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];
